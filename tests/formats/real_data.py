"""Real published puzzles in the formats of other programs, kept verbatim as fixtures.

Janko texts: janko.at's own data blocks, as gathered in the public repository
tkoz0/janko.at-puzzle-scraping (commit 89fe96f, ``data/<Genre>.jsonl.bz2``, the record
named under each constant).  That repository stores each block parsed into JSON; the texts
here are that record written back line for line in janko.at's layout (its property
order, values and grid rows as stored; only where the long ``moves`` value breaks
into lines is ours).

penpa-edit URLs: the example puzzles of the public repository T0nyX1ang/noqx (commit
0f59813, the ``examples`` of ``solver/nurikabe.py``, ``solver/kurodoko.py`` and
``solver/heyawake.py``), made in penpa-edit 3.1.4; they name no genre.
"""

from __future__ import annotations

JANKO_KUROMASU_001 = """\
begin
puzzle kuromasu
author Warai Kamosika
solver Otto Janko
source http://homepage2.nifty.com/warai_kamosika/
info 001
unit 25
cols 9
rows 9
problem
9 - - 8 - 9 - 8 -
- - - - - - 9 - -
- - - - - - - 3 -
3 - - - - 4 - - 3
- - 4 - - - 9 - -
4 - - 6 - - - - 4
- 15 - - - - - - -
- - 7 - - - - - -
- 7 - 5 - 4 - - 4
solution
- - - - - - - - x
- x - x - - - x -
x - x - - x - - -
- - - x - - - x -
x - - - x - - - x
- - x - - x - x -
- - - - - - - - -
- - - - - - x - -
x - x - x - - x -
moves
Z2;ab,1;ac,0;ba,1;ca,1;ea,1;ga,1;ia,0;ib,1;hb,0;db,0;fb,1;cb,1;eb,1;dc,1;fc,0;
gc,1;gd,1;gf,1;gg,1;gh,0;fh,1;hh,1;hd,0;ic,1;ie,0;he,1;fe,1;ee,0;ef,1;ed,1;de,1;
ff,0;dd,0;ec,1;cd,1;cc,0;bf,1;be,1;bd,1;bc,1;ae,0;cf,0;dg,1;dh,1;ag,1;ah,1;ai,0;
fg,1;gi,1;ei,0;hi,0;ih,1;ig,1;hf,0;hg,1;eh,1;ci,0;bh,1;bb,0;cg,1;eg,1;
end
"""
"""janko.at Kuromasu/001 (record ``/Kuromasu/001.a.x-janko``)."""

JANKO_HEYAWAKE_049 = """\
begin
puzzle heyawake
author Warai Kamosika
solver Rainer
source http://homepage2.nifty.com/warai_kamosika/
info 003
unit 25
rows 10
cols 10
problem
2 - - - 1 - - - - -
- - - - - - - - - -
- - - - - - - - - -
- - - - - - - - - -
- - - - - - - - - -
0 - 4 - - - - - - -
- - - - - - - - - -
- - - - - - - - - -
- - - - 2 - - - - -
- - - - - - - - - -
areas
a a a a b b c c c c
a a a a b b c c c c
d d d d d d d d e e
f g g g g g g f e e
h h h h h h h h h i
j j k k k l l l m i
j j k k k l l l m i
j j k k k n n n m i
j j o o p p p q m i
r r r r r s s s s s
solution
- - - x - x - - - -
- x - - - - x - - x
- - x - x - - x - -
x - - x - x - - x -
- x - - - - x - - -
- - x - x - - x - -
- - - x - - - - x -
- - x - - x - x - -
- - - - x - x - - x
x - - x - - - - - -
moves
Z2;af,1;bf,1;bg,1;bh,1;bi,1;ai,1;ah,1;ag,1;ei,0;gi,0;fi,1;gh,1;hi,1;gj,1;ej,1;
di,1;eh,1;dh,1;cg,1;df,1;eg,1;ef,0;dg,0;ch,0;cf,0;ce,1;de,1;ee,1;ff,1;ci,1;dj,0;
cj,1;fj,1;fh,0;fg,1;gg,1;hj,1;hh,0;hg,1;ih,1;ig,0;if,1;jf,1;jg,1;jh,1;hf,0;gf,1;
ge,0;he,1;fe,1;fd,0;gd,1;ed,1;ec,0;dc,1;fc,1;eb,1;dd,0;cd,1;cc,0;bc,1;db,1;cb,1;
gc,1;gb,0;ga,1;hb,1;fb,1;hd,1;id,0;ic,1;jd,1;ie,1;hc,0;ij,1;jj,1;ae,1;ad,0;aj,0;
bj,1;be,0;bd,1;ac,1;bb,0;ab,1;ba,1;aa,1;ca,1;da,0;ea,1;fa,0;ha,1;je,1;jc,1;jb,0;
ib,1;ja,1;ia,1;ji,0;
end
"""
"""janko.at Heyawake/049 (record ``/Heyawake/049.a.x-janko``)."""

JANKO_HEYAWAKE_522 = """\
begin
puzzle heyawake
author Warai Kamosika
solver Otto Janko
source http://homepage2.nifty.com/warai_kamosika/
info 204
unit 25
size 6
problem
2 - - 2 - -
- - - - - -
2 - - - - 1
- - - - - -
- - 0 - 1 -
- - - - - -
areas
1 1 8 11 11 11
1 1 8 11 11 11
2 2 2 10 10 3
2 2 2 10 10 3
4 4 9 9 5 3
4 4 9 9 6 7
solution
x - - x - x
- x - - - -
- - - x - x
x - x - - -
- - - - x -
- x - - - x
moves
Z2;ce,1;cf,1;df,1;de,1;ee,0;ef,1;fe,1;ed,1;aa,0;bb,0;ab,1;bc,1;ba,1;cb,1;ac,1;
ca,1;bf,0;ff,0;be,1;af,1;ae,1;ad,0;bd,1;fd,1;fc,0;ec,1;fb,1;da,0;db,1;ea,1;cd,0;
dc,0;cc,1;dd,1;eb,1;fa,0;
end
"""
"""janko.at Heyawake/522 (record ``/Heyawake/522.a.x-janko``): rooms labelled by numbers, four numbered cells
black."""

JANKO_NURIKABE_0726 = """\
begin
puzzle nurikabe
author Prasanna Seshadri
solver Rainer
source http://prasannaseshadri.wordpress.com/
info 120
unit 25
size 10
problem
- - 3 - - 5 - - 4 -
4 - - - - - - - - -
- - - - - - - - - 3
- - - - - - - - - -
? - - - - - - - - -
- - - - - - - - - 5
- - - - - - - - - -
3 - - - - - - - - -
- - - - - - - - - 4
- 4 - - 2 - - 3 - -
solution
- x - - x - x - - -
- x x - x - x - x x
- - x x x - x x x -
x x x - x - - x - -
- - - - x x x x x x
x x x - - x - - - -
- - x - - x - x x x
- x x x x x x x - -
x x - x - x - x x -
- - - x - x - - x -
moves
Z2;hi,0;ic,0;bh,0;cb,0;ij,0;jb,0;ib,0;ii,0;ai,0;bi,0;ba,0;bb,0;da,1;ea,0;eb,0;
dc,0;db,1;ha,1;ga,0;fb,1;gb,0;fc,1;ec,0;hb,1;gc,0;jd,1;je,0;id,1;hd,0;ie,0;hc,0;
ja,1;fd,1;gd,1;ed,0;fe,0;ge,0;he,0;dd,1;ac,1;ad,0;bc,1;cc,0;bd,0;aa,1;ag,1;af,0;
bg,1;bf,0;cg,0;cj,1;dj,0;ci,1;di,0;fi,0;ch,0;aj,1;gj,1;fj,0;gi,1;gh,0;ei,1;eh,0;
dh,0;fh,0;dg,1;be,1;ce,1;cd,0;cf,0;de,1;ee,0;df,1;jh,1;jg,0;ig,0;ih,1;hh,0;jj,1;
if,1;hf,1;hg,0;gf,1;gg,1;fg,0;ff,0;
end
"""
"""janko.at Nurikabe/0726 (record ``/Nurikabe/0726.a.x-janko``)."""

PENPA_NURIKABE = (
    "m=edit&p=7VVdT4MwFH3nV5j7fB8oLRvjxcyP+TLnx2YWQ8jCEOMiC5MNY7rw3729IGjcgyZmxsSUHs65benphZb1UxHlCQrbXNJ"
    "DulNRwuPqeB2udl0mi02a+AfYLzYPWU4E8WIwwPsoXSdWUPcKra3u+bqP+swPQACCQ1VAiPrK3+pzX49Qj6kJUFFsWHVyiJ62dMr"
    "thh1XQWETH9Wc6C3ReJHHaTIbVpFLP9ATBDPPEY82FJbZcwK1D6PjbDlfmMA82tBi1g+LVd2yLu6yxwLepihR9yu74x12ZWtXNnb"
    "lbrvOj9hNV9kuo72wLCnh12R15gfG9U1LvZaO/W1pHG1BeTTUo7fM7wQ6iqRoZNclKRvp2SQ7jewJkm4jhe2QVu90l3S31cLM1Wu"
    "1NJM5rXbN4+EQ6gg5FOzzlnHA6DBOaBmoJeMJo83oMg65zynjlPGYUTF2uE/XJOKLqQJJxhwERdlQVd724C2Q1fb7WNy/FwutAMZ"
    "Ffh/FCX2zo2I5T/KDUZYvoxToeCgteAGu/KWp/xNj7yeGSb79rXPj9/dmQHmlHaIvEFbFLJrFWQr0u0ETV+6n+N7d0wYOrVc="
)
"""A 10x10 Nurikabe with a ? clue, two cells of the player's marked, one black and one green (noqx
``solver/nurikabe.py``)."""

PENPA_KURODOKO = (
    "m=edit&p=7VXBjpswEL3zFdGc54BtcIBbut30kmbbJtVqhVBEKKuNSkRKQlU54t87HiiU7B7aQ1OpqsCj92bG+HksD8cvdVrlKIR"
    "9VYAuEkLP1zyEkDzc7lnvTkUeTXBWn57KigDi3XyOj2lxzJ24y0qcswkjM0PzJopBAIKkISBB8z46m7eRWaJZUQjQI9+iTZIEbwd"
    "4z3GLblqncAkvW6wJPhDMdlVW5JsFRcnzLorNGsGu84pnWwj78msOnQ7Ls3K/3VnHNj3RZo5Pu0MXOdafys91lyuSBs2slbv6IVc"
    "OctUgV/Vy1Z+UWxzKl4SGSdNQwT+Q1E0UW9UfBxgMcBWdG6voDErSVOGibg8FvMB+agK9w7cJcqA+Ub+n2htFtZ2tehq4Y2qTvZ6"
    "GekSFG4y5kKOlhLD5euAyGHPPveB2uenAfT3m2r3YqtDheMWpVRD8xPWYhzYedpwKKrisD2znbCXbNVUdjWL7mq3L1me74Jxbtvd"
    "sb9h6bDXnTO25/eLJglIQSQRF+/faY76CtlhJ7haXj//vehMnhlVdPaZZTpdxWe+3eTVZltU+LYD6XuPAN+BBd4Da6P9WePVWaIv"
    "v/lZD/Pu3OKa6Kg/NHcKh3qSbrCyA/qPIfvXMf3X1dNUT5zs="
)
"""An 11x11 Kurodoko, clues in circles (style 6), two of them blank (noqx ``solver/kurodoko.py``)."""

PENPA_HEYAWAKE = (
    "m=edit&p=7VNdS8MwFH3vrxh5vg9N0q5t3ubcfJnzYxMZpYyuVjfcqHarSEb/uze3mUUYiIjog4Qczr05SU4+7va5SsscQghAhuA"
    "CxyY9AdL1wOty6q5t09VunasO9KrdsiiRAFwMh3Cfrre5E1tV4ux1pHQP9JmKGWfABHbOEtBXaq/PlR6AnuAQgxBzo0YkkA5aekv"
    "jhvWbJHeRjy1HOkOarcpsnc9HTeZSxXoKzOxzQrMNZZviJWfWh4mzYrNYmcQi3eFhtsvVkx3ZVnfFY8UOW9Sge43dyRG7srUr3+3"
    "K43bFz9uNkrrGa79Gw3MVG+83LQ1bOlH72vjaM9HFqTzEx6anYTIysQ1Rw0k5IxwSCsIpLgRaEp4SuoQ+4Yg0A1yf+7h24DIlcEU"
    "/Qs4bHuAmobRcIPesBvV+ZPPuR30gGh5Kq6/NlZut+oQeYZcsBOakX7qL75/2Uzux6FJhtc3/2ThxYjapyvs0y/G/DO4e8s64KDf"
    "pGqNxtVnk5SHGcq0d9sqox3jB4P1X8C9VsHkC96/93b9mB6spcd4A"
)
"""A 7-row, 8-column Heyawake: rooms as bold edges (lineE style 2) (noqx ``solver/heyawake.py``)."""
