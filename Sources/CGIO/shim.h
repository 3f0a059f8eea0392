#ifndef CGIO_SHIM_H
#define CGIO_SHIM_H
// The part of GLib's GIO that DesktopMotion and the AT-SPI bridge call (GDBus, GSettings,
// GVariant, a main context and its thread), declared as in
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

// The AT-SPI bridge: objects exported on the accessibility bus, answered on a thread of its
// own that runs a main context, and signals emitted from the window's thread.
typedef unsigned int guint;
typedef int16_t gint16;
typedef double gdouble;
typedef struct _GDBusMethodInvocation GDBusMethodInvocation;
typedef struct _GDBusNodeInfo GDBusNodeInfo;
typedef struct _GDBusInterfaceInfo GDBusInterfaceInfo;
typedef struct _GMainContext GMainContext;
typedef struct _GMainLoop GMainLoop;
typedef struct _GThread GThread;
typedef void (*GDestroyNotify)(gpointer data);
typedef gpointer (*GThreadFunc)(gpointer data);

typedef void (*GDBusInterfaceMethodCallFunc)(
  GDBusConnection *connection, const gchar *sender, const gchar *object_path,
  const gchar *interface_name, const gchar *method_name, GVariant *parameters,
  GDBusMethodInvocation *invocation, gpointer user_data);
typedef GVariant *(*GDBusInterfaceGetPropertyFunc)(
  GDBusConnection *connection, const gchar *sender, const gchar *object_path,
  const gchar *interface_name, const gchar *property_name, GError **error, gpointer user_data);
typedef gboolean (*GDBusInterfaceSetPropertyFunc)(
  GDBusConnection *connection, const gchar *sender, const gchar *object_path,
  const gchar *interface_name, const gchar *property_name, GVariant *value, GError **error,
  gpointer user_data);
typedef struct {
  GDBusInterfaceMethodCallFunc method_call;
  GDBusInterfaceGetPropertyFunc get_property;
  GDBusInterfaceSetPropertyFunc set_property;
  gpointer padding[8];
} GDBusInterfaceVTable;

typedef gchar **(*GDBusSubtreeEnumerateFunc)(
  GDBusConnection *connection, const gchar *sender, const gchar *object_path, gpointer user_data);
typedef GDBusInterfaceInfo **(*GDBusSubtreeIntrospectFunc)(
  GDBusConnection *connection, const gchar *sender, const gchar *object_path, const gchar *node,
  gpointer user_data);
typedef const GDBusInterfaceVTable *(*GDBusSubtreeDispatchFunc)(
  GDBusConnection *connection, const gchar *sender, const gchar *object_path,
  const gchar *interface_name, const gchar *node, gpointer *out_user_data, gpointer user_data);
typedef struct {
  GDBusSubtreeEnumerateFunc enumerate;
  GDBusSubtreeIntrospectFunc introspect;
  GDBusSubtreeDispatchFunc dispatch;
  gpointer padding[8];
} GDBusSubtreeVTable;

/// GDBusSubtreeFlags and GDBusCallFlags, the values used.
enum {
  CGIO_DBUS_SUBTREE_FLAGS_DISPATCH_TO_UNENUMERATED_NODES = 1 << 0,
  CGIO_DBUS_CALL_FLAGS_NO_AUTO_START = 1 << 0,
};

gpointer g_malloc0(gsize n_bytes);
GDBusNodeInfo *g_dbus_node_info_new_for_xml(const gchar *xml_data, GError **error);
GDBusInterfaceInfo *g_dbus_node_info_lookup_interface(GDBusNodeInfo *info, const gchar *name);
GDBusInterfaceInfo *g_dbus_interface_info_ref(GDBusInterfaceInfo *info);
guint g_dbus_connection_register_subtree(
  GDBusConnection *connection, const gchar *object_path, const GDBusSubtreeVTable *vtable,
  int flags, gpointer user_data, GDestroyNotify user_data_free_func, GError **error);
guint g_dbus_connection_register_object(
  GDBusConnection *connection, const gchar *object_path, GDBusInterfaceInfo *interface_info,
  const GDBusInterfaceVTable *vtable, gpointer user_data, GDestroyNotify user_data_free_func,
  GError **error);
const gchar *g_dbus_connection_get_unique_name(GDBusConnection *connection);
gboolean g_dbus_connection_emit_signal(
  GDBusConnection *connection, const gchar *destination_bus_name, const gchar *object_path,
  const gchar *interface_name, const gchar *signal_name, GVariant *parameters, GError **error);
void g_dbus_method_invocation_return_value(GDBusMethodInvocation *invocation, GVariant *parameters);
void g_dbus_method_invocation_return_dbus_error(
  GDBusMethodInvocation *invocation, const gchar *error_name, const gchar *error_message);

GMainContext *g_main_context_new(void);
void g_main_context_push_thread_default(GMainContext *context);
void g_main_context_pop_thread_default(GMainContext *context);
GMainLoop *g_main_loop_new(GMainContext *context, gboolean is_running);
void g_main_loop_run(GMainLoop *loop);
GThread *g_thread_new(const gchar *name, GThreadFunc func, gpointer data);

GVariant *g_variant_new_int32(gint value);
GVariant *g_variant_new_int16(gint16 value);
GVariant *g_variant_new_uint32(guint32 value);
GVariant *g_variant_new_boolean(gboolean value);
GVariant *g_variant_new_double(gdouble value);
GVariant *g_variant_new_object_path(const gchar *object_path);
GVariant *g_variant_new_variant(GVariant *value);
GVariant *g_variant_new_dict_entry(GVariant *key, GVariant *value);
GVariant *g_variant_new_array(
  const GVariantType *child_type, GVariant *const *children, gsize n_children);
gint g_variant_get_int32(GVariant *value);
const gchar *g_variant_get_string(GVariant *value, gsize *length);
GVariantType *g_variant_type_new(const gchar *type_string);
void g_variant_type_free(GVariantType *type);
#endif
