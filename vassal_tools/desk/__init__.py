"""The PBEM desk: what a player or a league does with the logs it receives, each in one call.

* :mod:`.check`: one log received (``vassal-tools check LOG``): its module and the game's earlier
  logs found beside it; chain, audit, dice and replay page in one run, one page linking them;
* :mod:`.watch`: a folder watched for new logs (``check --watch``), each checked once it is whole;
* :mod:`.league`: a league's archive kept in SQLite (``audit ... --db``), each log audited once
  per content, module and toolkit version;
* :mod:`.cluster`: the archive's per-log audits sent to a Dask cluster (``audit ... --scheduler``).

It sits above the reports (it composes them) and below the command line.
"""
