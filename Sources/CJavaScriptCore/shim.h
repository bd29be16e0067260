#ifndef PREPROCESSING_SIM_CJAVASCRIPTCORE_H
#define PREPROCESSING_SIM_CJAVASCRIPTCORE_H

#include <JavaScriptCore/JavaScript.h>
#include <stdbool.h>

// Exported by the GTK build but not declared in its public headers.
typedef bool (*JSShouldTerminateCallback)(JSContextRef ctx, void *context);
void JSContextGroupSetExecutionTimeLimit(JSContextGroupRef group, double limit,
                                         JSShouldTerminateCallback callback, void *context);
void JSContextGroupClearExecutionTimeLimit(JSContextGroupRef group);
void JSGlobalContextSetUnhandledRejectionCallback(JSGlobalContextRef ctx, JSObjectRef function,
                                                  JSValueRef *exception);
void JSRemoteInspectorStart(void);
// A full collection that finishes before it returns (JSGarbageCollect only hints at one).
void JSSynchronousGarbageCollectForDebugging(JSContextRef ctx);
void JSRemoteInspectorSetInspectionEnabledByDefault(bool enabled);

// JavaScriptCore's options (jsc/JSCOptions.h, declared here without GLib's types: gboolean and
// gint are ints, guint an unsigned int). Set before the first virtual machine is made. A size
// option (smallHeapSize) is an unsigned int to this API: its `_size` functions set and read
// nothing in WebKitGTK 2.50 (GLib reports a type mismatch).
int jsc_options_set_boolean(const char *option, int value);
int jsc_options_get_boolean(const char *option, int *value);
int jsc_options_set_int(const char *option, int value);
int jsc_options_get_int(const char *option, int *value);
int jsc_options_set_uint(const char *option, unsigned int value);
int jsc_options_get_uint(const char *option, unsigned int *value);

#endif
