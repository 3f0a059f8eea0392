#ifndef CGIO_SHIM_H
#define CGIO_SHIM_H
// The part of GLib's GIO that DesktopMotion and the AT-SPI bridge call (GDBus, GSettings,
// GVariant, a main context and its thread), declared as in <gio/gio.h> (GLib 2.x, whose ABI
// keeps these). Not the headers themselves: they need pkg-config's include folders, and
// gio-2.0.pc's `-pthread`, which SwiftPM refuses with a warning on every build (as sdl2.pc's
// `-D_REENTRANT`, see CSDL2).
//
// GIO is opened when a bus is to be reached (`cgio_load`), not linked: linked, libgio,
// libgobject and libglib and the libraries under them (libmount, libblkid, libselinux, pcre2,
// libffi) are mapped and relocated in every window, about 0.9 MB of its idle memory, for a bus
// that is mostly not there (a window without a session bus, any headless run). Each call keeps
// GIO's name, as a static function of this header that calls through a pointer looked up once.
#include <dlfcn.h>
#include <pthread.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
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

// Every call used: F(return type, name, parameters, arguments) or V(name, parameters,
// arguments) for one that returns nothing.
#define CGIO_FUNCTIONS(F, V)                                                                      \
  V(g_clear_error, (GError **error), (error))                                                     \
  V(g_object_unref, (gpointer object), (object))                                                  \
  F(GDBusConnection *, g_dbus_connection_new_for_address_sync, (const gchar *address, int flags,  \
    GDBusAuthObserver *observer, GCancellable *cancellable, GError **error),                      \
    (address, flags, observer, cancellable, error))                                               \
  F(gboolean, g_dbus_connection_close_sync, (GDBusConnection *connection,                         \
    GCancellable *cancellable, GError **error), (connection, cancellable, error))                 \
  F(GVariant *, g_dbus_connection_call_sync, (GDBusConnection *connection, const gchar *bus_name, \
    const gchar *object_path, const gchar *interface_name, const gchar *method_name,              \
    GVariant *parameters, const GVariantType *reply_type, int flags, gint timeout_msec,           \
    GCancellable *cancellable, GError **error),                                                   \
    (connection, bus_name, object_path, interface_name, method_name, parameters, reply_type,      \
    flags, timeout_msec, cancellable, error))                                                     \
  F(GVariant *, g_variant_new_string, (const gchar *string), (string))                            \
  F(GVariant *, g_variant_new_tuple, (GVariant *const *children, gsize n_children),               \
    (children, n_children))                                                                       \
  V(g_variant_unref, (GVariant *value), (value))                                                  \
  F(gsize, g_variant_n_children, (GVariant *value), (value))                                      \
  F(GVariant *, g_variant_get_child_value, (GVariant *value, gsize index), (value, index))        \
  F(const gchar *, g_variant_get_type_string, (GVariant *value), (value))                         \
  F(GVariant *, g_variant_get_variant, (GVariant *value), (value))                                \
  F(guint32, g_variant_get_uint32, (GVariant *value), (value))                                    \
  F(GSettingsSchemaSource *, g_settings_schema_source_get_default, (void), ())                    \
  F(GSettingsSchema *, g_settings_schema_source_lookup, (GSettingsSchemaSource *source,           \
    const gchar *schema_id, gboolean recursive), (source, schema_id, recursive))                  \
  V(g_settings_schema_unref, (GSettingsSchema *schema), (schema))                                 \
  F(gboolean, g_settings_schema_has_key, (GSettingsSchema *schema, const gchar *name),            \
    (schema, name))                                                                               \
  F(GSettings *, g_settings_new_full, (GSettingsSchema *schema, GSettingsBackend *backend,        \
    const gchar *path), (schema, backend, path))                                                  \
  F(gboolean, g_settings_get_boolean, (GSettings *settings, const gchar *key), (settings, key))   \
  F(gpointer, g_malloc0, (gsize n_bytes), (n_bytes))                                              \
  F(GDBusNodeInfo *, g_dbus_node_info_new_for_xml, (const gchar *xml_data, GError **error),       \
    (xml_data, error))                                                                            \
  F(GDBusInterfaceInfo *, g_dbus_node_info_lookup_interface, (GDBusNodeInfo *info,                \
    const gchar *name), (info, name))                                                             \
  F(GDBusInterfaceInfo *, g_dbus_interface_info_ref, (GDBusInterfaceInfo *info), (info))          \
  F(guint, g_dbus_connection_register_subtree, (GDBusConnection *connection,                      \
    const gchar *object_path, const GDBusSubtreeVTable *vtable, int flags, gpointer user_data,    \
    GDestroyNotify user_data_free_func, GError **error),                                          \
    (connection, object_path, vtable, flags, user_data, user_data_free_func, error))              \
  F(guint, g_dbus_connection_register_object, (GDBusConnection *connection,                       \
    const gchar *object_path, GDBusInterfaceInfo *interface_info,                                 \
    const GDBusInterfaceVTable *vtable, gpointer user_data, GDestroyNotify user_data_free_func,   \
    GError **error),                                                                              \
    (connection, object_path, interface_info, vtable, user_data, user_data_free_func, error))     \
  F(const gchar *, g_dbus_connection_get_unique_name, (GDBusConnection *connection),              \
    (connection))                                                                                 \
  F(gboolean, g_dbus_connection_emit_signal, (GDBusConnection *connection,                        \
    const gchar *destination_bus_name, const gchar *object_path, const gchar *interface_name,     \
    const gchar *signal_name, GVariant *parameters, GError **error),                              \
    (connection, destination_bus_name, object_path, interface_name, signal_name, parameters,      \
    error))                                                                                       \
  V(g_dbus_method_invocation_return_value, (GDBusMethodInvocation *invocation,                    \
    GVariant *parameters), (invocation, parameters))                                              \
  V(g_dbus_method_invocation_return_dbus_error, (GDBusMethodInvocation *invocation,               \
    const gchar *error_name, const gchar *error_message),                                         \
    (invocation, error_name, error_message))                                                      \
  F(GMainContext *, g_main_context_new, (void), ())                                               \
  V(g_main_context_push_thread_default, (GMainContext *context), (context))                       \
  V(g_main_context_pop_thread_default, (GMainContext *context), (context))                        \
  F(GMainLoop *, g_main_loop_new, (GMainContext *context, gboolean is_running),                   \
    (context, is_running))                                                                        \
  V(g_main_loop_run, (GMainLoop *loop), (loop))                                                   \
  F(GThread *, g_thread_new, (const gchar *name, GThreadFunc func, gpointer data),                \
    (name, func, data))                                                                           \
  F(GVariant *, g_variant_new_int32, (gint value), (value))                                       \
  F(GVariant *, g_variant_new_int16, (gint16 value), (value))                                     \
  F(GVariant *, g_variant_new_uint32, (guint32 value), (value))                                   \
  F(GVariant *, g_variant_new_boolean, (gboolean value), (value))                                 \
  F(GVariant *, g_variant_new_double, (gdouble value), (value))                                   \
  F(GVariant *, g_variant_new_object_path, (const gchar *object_path), (object_path))             \
  F(GVariant *, g_variant_new_variant, (GVariant *value), (value))                                \
  F(GVariant *, g_variant_new_dict_entry, (GVariant *key, GVariant *value), (key, value))         \
  F(GVariant *, g_variant_new_array, (const GVariantType *child_type, GVariant *const *children,  \
    gsize n_children), (child_type, children, n_children))                                        \
  F(gint, g_variant_get_int32, (GVariant *value), (value))                                        \
  F(const gchar *, g_variant_get_string, (GVariant *value, gsize *length), (value, length))       \
  F(GVariantType *, g_variant_type_new, (const gchar *type_string), (type_string))                \
  V(g_variant_type_free, (GVariantType *type), (type))                                            \

#define CGIO_F_INDEX(type, name, parameters, arguments) cgio_index_##name,
#define CGIO_V_INDEX(name, parameters, arguments) cgio_index_##name,
enum { CGIO_FUNCTIONS(CGIO_F_INDEX, CGIO_V_INDEX) cgio_function_count };
#undef CGIO_F_INDEX
#undef CGIO_V_INDEX

/// The library opened: GIO, whose dependencies (GObject, GLib) dlsym searches too.
#define CGIO_LIBRARY "libgio-2.0.so.0"

// The looked-up calls and whether they were found, a function's own statics (a header's
// file-scope static is not emitted for Swift's importer, a function's is).
static inline void **cgio_functions(void) {
  static void *functions[cgio_function_count];
  return functions;
}

static inline int *cgio_loaded(void) {
  static int loaded;
  return &loaded;
}

static inline void cgio_load_once(void) {
  void *handle = dlopen(CGIO_LIBRARY, RTLD_NOW | RTLD_LOCAL);
  if (handle == NULL) return;
  void *found[cgio_function_count];
#define CGIO_F_LOOKUP(type, name, parameters, arguments)                                          \
  found[cgio_index_##name] = dlsym(handle, #name);                                                \
  if (found[cgio_index_##name] == NULL) return;
#define CGIO_V_LOOKUP(name, parameters, arguments) CGIO_F_LOOKUP(void, name, parameters, arguments)
  CGIO_FUNCTIONS(CGIO_F_LOOKUP, CGIO_V_LOOKUP)
#undef CGIO_F_LOOKUP
#undef CGIO_V_LOOKUP
  for (int k = 0; k < cgio_function_count; k++) cgio_functions()[k] = found[k];
  *cgio_loaded() = 1;
}

/// Opens GIO and looks every call up, once for the process, whatever the thread; 1 when all
/// are there, 0 (and no call may be made) when the library or a call is missing.
static inline int cgio_load(void) {
  static pthread_once_t once = PTHREAD_ONCE_INIT;
  pthread_once(&once, cgio_load_once);
  return *cgio_loaded();
}

/// The pointer of call `index`; a call made where `cgio_load` said 0 ends the program with the
/// library's name rather than jumping to nothing.
static inline void *cgio_function(int index) {
  if (!cgio_load()) {
    fprintf(stderr, "GLib's GIO (" CGIO_LIBRARY ") could not be opened: install libglib2.0-0\n");
    abort();
  }
  return cgio_functions()[index];
}

#define CGIO_F_CALL(type, name, parameters, arguments)                                            \
  static inline type name parameters {                                                            \
    return ((type(*) parameters)cgio_function(cgio_index_##name))arguments;                       \
  }
#define CGIO_V_CALL(name, parameters, arguments)                                                  \
  static inline void name parameters {                                                            \
    ((void(*) parameters)cgio_function(cgio_index_##name))arguments;                              \
  }
CGIO_FUNCTIONS(CGIO_F_CALL, CGIO_V_CALL)
#undef CGIO_F_CALL
#undef CGIO_V_CALL
#endif
