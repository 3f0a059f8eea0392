import CGIO

/// The desktop's "reduce motion" setting, as GTK and Qt programs honour it: the settings
/// portal's `org.freedesktop.appearance` `reduced-motion` (1 = reduce) on the session bus, and
/// where no portal answers, GNOME's `org.gnome.desktop.interface` `enable-animations` (false =
/// reduce).
///
/// It is read through GLib's GDBus, and only when a session bus is there
/// (`DBUS_SESSION_BUS_ADDRESS`): without one nothing is loaded (GIO is opened only then, see
/// CGIO), connected or started, no thread and no message. A host reads it once when its window opens and sets
/// ``RefreshListView/reducesMotion`` from it.
public enum DesktopMotion {
  /// How long the portal may take to answer, milliseconds: a missing or stuck portal costs a
  /// window's start-up no more than this.
  public static let portalTimeout: Int32 = 500

  /// Whether the desktop asks for reduced motion: true or false when the portal or GNOME's
  /// settings said so, nil when there is no session bus or neither answered.
  public static func reducesMotion(environment: [String: String]) -> Bool? {
    guard let address = environment["DBUS_SESSION_BUS_ADDRESS"], !address.isEmpty else { return nil }
    if let portal = portalReducesMotion(address: address) { return portal }
    return gnomeReducesMotion()
  }

  /// The portal's `reduced-motion` on the bus at `address`: `ReadOne`, then the older `Read`
  /// (whose answer is a variant in a variant). Nil when the bus or the portal does not answer.
  public static func portalReducesMotion(address: String) -> Bool? {
    guard let connection = _ATSPIServer._connect(address) else { return nil }
    defer {
      g_dbus_connection_close_sync(connection, nil, nil)
      g_object_unref(UnsafeMutableRawPointer(connection))
    }
    for method in ["ReadOne", "Read"] {
      if let value = _readAppearance(connection, method: method, key: "reduced-motion") {
        return value != 0
      }
    }
    return nil
  }

  /// One call of the portal's `method` for `org.freedesktop.appearance` `key`: its uint32.
  static func _readAppearance(_ connection: OpaquePointer, method: String, key: String) -> UInt32? {
    var children: [OpaquePointer?] = [
      g_variant_new_string("org.freedesktop.appearance"), g_variant_new_string(key),
    ]
    let parameters = children.withUnsafeMutableBufferPointer {
      g_variant_new_tuple($0.baseAddress, 2)
    }
    var error: UnsafeMutablePointer<GError>?
    guard
      let reply = g_dbus_connection_call_sync(
        connection, "org.freedesktop.portal.Desktop", "/org/freedesktop/portal/desktop",
        "org.freedesktop.portal.Settings", method, parameters, nil, Int32(CGIO_DBUS_CALL_FLAGS_NONE),
        portalTimeout, nil, &error)
    else {
      g_clear_error(&error)
      return nil
    }
    defer { g_variant_unref(reply) }
    guard g_variant_n_children(reply) == 1, var value = g_variant_get_child_value(reply, 0) else {
      return nil
    }
    // `(v)`, and for `Read` a variant in that variant: unwrapped down to the value.
    while String(cString: g_variant_get_type_string(value)) == "v" {
      let inner = g_variant_get_variant(value)
      g_variant_unref(value)
      guard let inner else { return nil }
      value = inner
    }
    defer { g_variant_unref(value) }
    guard String(cString: g_variant_get_type_string(value)) == "u" else { return nil }
    return g_variant_get_uint32(value)
  }

  /// GNOME's `enable-animations`, inverted; nil when its schema is not installed (reading a key
  /// of a missing schema would abort the program, so the schema is looked up first).
  public static func gnomeReducesMotion() -> Bool? {
    guard cgio_load() != 0, let source = g_settings_schema_source_get_default(),
      let schema = g_settings_schema_source_lookup(source, "org.gnome.desktop.interface", 1)
    else { return nil }
    defer { g_settings_schema_unref(schema) }
    guard g_settings_schema_has_key(schema, "enable-animations") != 0,
      let settings = g_settings_new_full(schema, nil, nil)
    else { return nil }
    defer { g_object_unref(UnsafeMutableRawPointer(settings)) }
    return g_settings_get_boolean(settings, "enable-animations") == 0
  }
}
