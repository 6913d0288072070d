"""rules/games"""
