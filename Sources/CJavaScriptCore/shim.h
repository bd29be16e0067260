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

#endif
