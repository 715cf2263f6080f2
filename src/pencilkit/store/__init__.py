"""Collections at scale: a spec of slots, a SQLite store that survives a crash, and a build that fills it
on a pool of workers that end with their driver (:mod:`.spec`, :mod:`.database`, :mod:`.build`,
:mod:`.pool`)."""
