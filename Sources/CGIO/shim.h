#ifndef CGIO_SHIM_H
#define CGIO_SHIM_H
// The part of GLib's GIO that DesktopMotion calls (GDBus, GSettings, GVariant), declared as in
// <gio/gio.h> (GLib 2.x, whose ABI keeps these). Not the headers themselves: they need
// pkg-config's include folders, and gio-2.0.pc's `-pthread`, which SwiftPM refuses with a
// warning on every build (as sdl2.pc's `-D_REENTRANT`, see CSDL2). The module map links the
// libraries that libglib2.0-dev installs.
#include <stddef.h>
#include <stdint.h>

typedef int gboolean;
typedef char gchar;
typedef int gint;
typedef uint32_t guint32;
typedef size_t gsize;
typedef void *gpointer;

typedef struct _GError {
  guint32 domain;
  gint code;
  gchar *message;
} GError;

typedef struct _GDBusConnection GDBusConnection;
typedef struct _GDBusAuthObserver GDBusAuthObserver;
typedef struct _GCancellable GCancellable;
typedef struct _GVariant GVariant;
typedef struct _GVariantType GVariantType;
typedef struct _GSettingsSchemaSource GSettingsSchemaSource;
typedef struct _GSettingsSchema GSettingsSchema;
typedef struct _GSettings GSettings;
typedef struct _GSettingsBackend GSettingsBackend;

/// GDBusConnectionFlags and GDBusCallFlags, the values used.
enum {
  CGIO_DBUS_CONNECTION_FLAGS_AUTHENTICATION_CLIENT = 1 << 0,
  CGIO_DBUS_CONNECTION_FLAGS_MESSAGE_BUS_CONNECTION = 1 << 3,
  CGIO_DBUS_CALL_FLAGS_NONE = 0,
};

void g_clear_error(GError **error);
void g_object_unref(gpointer object);

GDBusConnection *g_dbus_connection_new_for_address_sync(
  const gchar *address, int flags, GDBusAuthObserver *observer, GCancellable *cancellable,
  GError **error);
gboolean g_dbus_connection_close_sync(
  GDBusConnection *connection, GCancellable *cancellable, GError **error);
GVariant *g_dbus_connection_call_sync(
  GDBusConnection *connection, const gchar *bus_name, const gchar *object_path,
  const gchar *interface_name, const gchar *method_name, GVariant *parameters,
  const GVariantType *reply_type, int flags, gint timeout_msec, GCancellable *cancellable,
  GError **error);

GVariant *g_variant_new_string(const gchar *string);
GVariant *g_variant_new_tuple(GVariant *const *children, gsize n_children);
void g_variant_unref(GVariant *value);
gsize g_variant_n_children(GVariant *value);
GVariant *g_variant_get_child_value(GVariant *value, gsize index);
const gchar *g_variant_get_type_string(GVariant *value);
GVariant *g_variant_get_variant(GVariant *value);
guint32 g_variant_get_uint32(GVariant *value);

GSettingsSchemaSource *g_settings_schema_source_get_default(void);
GSettingsSchema *g_settings_schema_source_lookup(
  GSettingsSchemaSource *source, const gchar *schema_id, gboolean recursive);
void g_settings_schema_unref(GSettingsSchema *schema);
gboolean g_settings_schema_has_key(GSettingsSchema *schema, const gchar *name);
GSettings *g_settings_new_full(GSettingsSchema *schema, GSettingsBackend *backend, const gchar *path);
gboolean g_settings_get_boolean(GSettings *settings, const gchar *key);
#endif
