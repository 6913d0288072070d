"""What several test files share and is not a fixture: a small module and a log writer
(mini_module), the built Invasion: Norway module and a record written as its log (norway_log), where a
built module puts its at-start units (module_places), the images of an HTML page (report_pages), the
rules a hex pack cites (hex_packs), the area games' built modules (area_modules). The fixtures built
on them are in tests/conftest.py."""
