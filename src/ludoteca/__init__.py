"""ludoteca: digital editions of Verräter (1998) and Kreta (2005).

The package is layered so that imports run one way only:
``core`` and the per-game rules cores (``verraeter``, ``kreta``) know nothing of the outer layers
(``bots``, ``cli``, later the web server and the RL adapters), which import them.
"""

from ludoteca import native as _native

__version__ = "0.1.0"

_native.install()  # the compiled rules cores, when built from the sources beside them (ludoteca.native)
