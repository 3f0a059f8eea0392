/// The AT-SPI client of `AccessibilityEndToEndTests`, run with python3-pyatspi's `Atspi`
/// (GObject introspection of at-spi2-core's libatspi, as Orca reads a desktop): it finds the
/// app on the registry, reads its list, then drives it (F5, a click on a row, the list's
/// refresh action) and waits for the events each should bring. It prints one line per finding
/// for the test to check, and "FAIL ..." naming what it waited for when a wait runs out.
enum ATSPIClientScript {
  static let source = #"""
    # The AT-SPI client of the accessibility end-to-end test: finds the app, reads its list, then
    # drives it (F5, a click on a row, the list's refresh action) and waits for the events each
    # should bring. Every wait has a limit and fails naming what it waited for. argv: app name,
    # xdotool window id.
    import subprocess, sys, time
    import gi
    gi.require_version("Atspi", "2.0")
    from gi.repository import Atspi, GLib

    APP, WINDOW, IDLE = sys.argv[1], sys.argv[2], "Pull to refresh"
    events = []

    def fail(message):
        print("FAIL " + message, flush=True)
        sys.exit(1)

    def on_event(event):
        try:
            name = event.source.get_name() or ""
        except Exception:
            name = "?"
        data = event.any_data if isinstance(event.any_data, str) else ""
        events.append((event.type, event.detail1, name, data))

    listener = Atspi.EventListener.new(on_event)
    for kind in ["object:state-changed:busy", "object:state-changed:selected",
                 "object:state-changed:focused", "object:selection-changed",
                 "object:children-changed", "object:announcement"]:
        listener.register(kind)

    def pump(seconds, what, condition):
        """Dispatches events until condition() holds, `seconds` at most."""
        context = GLib.MainContext.default()
        deadline = time.monotonic() + seconds
        while True:
            while context.pending():
                context.iteration(False)
            result = condition()
            if result:
                return result
            if time.monotonic() > deadline:
                fail("waited %gs for %s; events: %r" % (seconds, what, events[-12:]))
            # Looked at again in 20 ms; the deadline above bounds the whole wait.
            time.sleep(0.02)

    def find_app():
        desktop = Atspi.get_desktop(0)
        for i in range(desktop.get_child_count()):
            app = desktop.get_child_at_index(i)
            if app is not None and app.get_name() == APP:
                return app
        return None

    app = pump(20, "the app %s on the registry" % APP, find_app)
    app.set_cache_mask(Atspi.Cache.NONE)
    frame = app.get_child_at_index(0)
    print("frame", frame.get_role_name(), frame.get_name(), flush=True)
    children = [frame.get_child_at_index(i) for i in range(frame.get_child_count())]
    lists = [c for c in children if c.get_role() == Atspi.Role.LIST]
    if not lists:
        fail("no list among the frame's children: %r" % [c.get_role_name() for c in children])
    rows = lists[0]
    print("list", rows.get_name(), rows.get_child_count(), flush=True)
    for i in range(3):
        row = rows.get_child_at_index(i)
        print("row", i, row.get_role_name(), row.get_name(), flush=True)
    bars = [c.get_name() for c in children if c.get_role() == Atspi.Role.STATUS_BAR]
    print("bars", " | ".join(bars), flush=True)

    def saw(kind, detail1=None, since=0):
        return any(e[0] == kind and (detail1 is None or e[1] == detail1) for e in events[since:])

    def announcement(since):
        found = [e[3] for e in events[since:] if e[0] == "object:announcement"]
        return found[0] if found else None

    def xdotool(*arguments):
        subprocess.run(["xdotool"] + list(arguments), check=True, timeout=30)

    # F5: the list is busy, then the result is announced.
    mark = len(events)
    xdotool("windowfocus", "--sync", WINDOW, "key", "F5")
    pump(20, "the list to be busy after F5", lambda: saw("object:state-changed:busy", 1, mark))
    said = pump(20, "an announcement after the refresh F5 started", lambda: announcement(mark))
    pump(20, "the list to be no longer busy", lambda: saw("object:state-changed:busy", 0, mark))
    print("f5", "busy", said, flush=True)

    # The list's refresh action while that refresh is still finishing (its result showing, the
    # header not yet back): it waits until the list can refresh, then refreshes (busy, then
    # announced), or it is announced why not. Never a silent success.
    header = [c for c in children if c.get_role() == Atspi.Role.STATUS_BAR][0]
    action = rows.get_action_iface()
    names = [action.get_action_name(i) for i in range(action.get_n_actions())]
    showing = header.get_name()
    mark = len(events)
    if not action.do_action(names.index("refresh")):
        fail("the refresh action was refused while finishing")
    said = pump(20, "an announcement after the refresh action asked while finishing", lambda: announcement(mark))
    busy = saw("object:state-changed:busy", 1, mark)
    print("finishing", showing, "busy" if busy else "not-busy", said, flush=True)
    pump(20, "the list to be no longer busy after the waiting refresh",
         lambda: not busy or saw("object:state-changed:busy", 0, mark))

    # A click on the third row selects it.
    row = rows.get_child_at_index(2)
    box = row.get_extents(Atspi.CoordType.SCREEN)
    mark = len(events)
    xdotool("mousemove", str(box.x + box.width // 2), str(box.y + box.height // 2), "click", "1")
    pump(20, "the selection to change after a click on row 3",
         lambda: saw("object:selection-changed", None, mark) and saw("object:state-changed:selected", 1, mark))
    selected = [e[2] for e in events[mark:] if e[0] == "object:state-changed:selected" and e[1] == 1]
    print("click", selected[0], row.get_name(), flush=True)

    # The list's refresh action refreshes, at rest.
    pump(20, "the header to be at rest", lambda: header.get_name() == IDLE)
    action = rows.get_action_iface()
    names = [action.get_action_name(i) for i in range(action.get_n_actions())]
    print("actions", ",".join(names), flush=True)
    mark = len(events)
    if not action.do_action(names.index("refresh")):
        fail("the refresh action was refused")
    pump(20, "the list to be busy after its refresh action", lambda: saw("object:state-changed:busy", 1, mark))
    said = pump(20, "an announcement after the refresh action", lambda: announcement(mark))
    print("action", "busy", said, flush=True)
    print("ok", flush=True)
    """#
}
