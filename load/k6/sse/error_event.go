package sse

// ErrorEvent is what an "error" handler receives. xk6-sse v0.1.12 hands the Go error itself to
// the handler, so scripts read the message with e.error(); this type answers the same call.
type ErrorEvent struct{ err error }

// Error is e.error() in a script: the message.
func (e *ErrorEvent) Error() string { return e.err.Error() }

// String makes `${e}` and String(e) show the message too.
func (e *ErrorEvent) String() string { return e.err.Error() }

func errorEvent(err error) *ErrorEvent { return &ErrorEvent{err: err} }
