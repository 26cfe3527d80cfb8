"""Verräter's words and pictures: the presenter the ``verraeter`` plug-in names.

- :mod:`.words` — every sentence and name (log lines, action labels, phases, rule options), translated;
- :mod:`.svg` (with :mod:`.svg_draw`, :mod:`.svg_panels`) — the table and the hand as SVG;
- :mod:`.targets` — the ``data-target`` keys a legal action involves;
- :mod:`.terminal` — the table for the terminal (rich), in the same words;
- :mod:`.presenter` — :data:`~.presenter.PRESENTER`, the :class:`ludoteca.present.Presenter` tying them together.
"""
