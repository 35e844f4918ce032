package ir

import (
	"fmt"
	"sort"
	"strings"
)

// Pos is a position in a source file: 1-based line and column. The zero
// Pos means "unknown".
type Pos struct {
	File      string
	Line, Col int
}

// IsValid reports whether p refers to a real place.
func (p Pos) IsValid() bool { return p.Line > 0 }

// StdlibPrefix starts the file name of every standard library file.
const StdlibPrefix = "<stdlib>/"

// InStdlib reports whether p is in the standard library (stdlib/), not
// in the user's program.
func (p Pos) InStdlib() bool { return strings.HasPrefix(p.File, StdlibPrefix) }

// AtCall moves an error raised inside the standard library, or at no
// known place (code the AD transform made), to call, the user's call
// that reached it; where a stdlib error was raised stays as a note: a
// user cannot act on a line of stdlib/. Other errors, or any with no
// call known, are returned as they are.
func (e *Error) AtCall(call Pos) *Error {
	if !call.IsValid() || call.InStdlib() {
		return e
	}
	switch {
	case !e.Pos.IsValid():
		return &Error{Pos: call, Msg: e.Msg, Notes: e.Notes, Trace: e.Trace}
	case e.Pos.InStdlib():
		notes := append([]Note{{Pos: e.Pos, Msg: "raised in the standard library here"}}, e.Notes...)
		return &Error{Pos: call, Msg: e.Msg, Notes: notes, Trace: e.Trace}
	}
	return e
}

// AtUserFrame moves a run-time error raised inside the standard library
// (max([]): max_of's assert), or at no known place, to the innermost
// call of its Trace in the user's program, as AtCall does for the
// errors inference finds.
func (e *Error) AtUserFrame() *Error {
	if e.Pos.IsValid() && !e.Pos.InStdlib() {
		return e
	}
	for i := len(e.Trace) - 1; i >= 0; i-- {
		if p := e.Trace[i].Pos; p.IsValid() && !p.InStdlib() {
			return e.AtCall(p)
		}
	}
	return e
}

func (p Pos) String() string {
	if !p.IsValid() {
		if p.File != "" {
			return p.File
		}
		return "-"
	}
	return fmt.Sprintf("%s:%d:%d", p.File, p.Line, p.Col)
}

// Note is a secondary message attached to an error, at another place.
type Note struct {
	Pos Pos
	Msg string
}

// Error is a user error: something wrong in the program, with the place
// that caused it. Messages are lower case without a trailing period.
type Error struct {
	Pos   Pos
	Msg   string
	Notes []Note
	// Trace is an optional call stack (innermost last) for run-time errors.
	Trace []Frame
}

// Frame is one entry of a run-time call stack.
type Frame struct {
	Pos  Pos
	Func string
}

func (e *Error) Error() string { return fmt.Sprintf("%s: error: %s", e.Pos, e.Msg) }

// Errorf makes an *Error at pos.
func Errorf(pos Pos, format string, args ...any) *Error {
	return &Error{Pos: pos, Msg: fmt.Sprintf(format, args...)}
}

// Abort is a panic value for a user error found deep inside a stage
// that has no error result (the AD transform, called by inference and
// by the VM): the pipeline recovers it and reports Err like any other.
type Abort struct{ Err *Error }

// ErrorList is a list of user errors, sorted by position when printed.
type ErrorList []*Error

func (l ErrorList) Error() string {
	switch len(l) {
	case 0:
		return "no errors"
	case 1:
		return l[0].Error()
	}
	return fmt.Sprintf("%s (and %d more errors)", l[0].Error(), len(l)-1)
}

// Add appends an error.
func (l *ErrorList) Add(pos Pos, format string, args ...any) {
	*l = append(*l, Errorf(pos, format, args...))
}

// Err returns l as an error, or nil if it is empty.
func (l ErrorList) Err() error {
	if len(l) == 0 {
		return nil
	}
	l.Sort()
	return l
}

// Sort orders the errors by file, line and column, stably.
func (l ErrorList) Sort() {
	sort.SliceStable(l, func(i, j int) bool {
		a, b := l[i].Pos, l[j].Pos
		if a.File != b.File {
			return a.File < b.File
		}
		if a.Line != b.Line {
			return a.Line < b.Line
		}
		return a.Col < b.Col
	})
}

// Sources maps file names to their text, to show offending lines.
type Sources map[string]string

// Line returns line n (1-based) of file, without its newline.
func (s Sources) Line(file string, n int) (string, bool) {
	text, ok := s[file]
	if !ok || n < 1 {
		return "", false
	}
	for i := 1; i < n; i++ {
		k := strings.IndexByte(text, '\n')
		if k < 0 {
			return "", false
		}
		text = text[k+1:]
	}
	if k := strings.IndexByte(text, '\n'); k >= 0 {
		text = text[:k]
	}
	return strings.TrimRight(text, "\r"), true
}

// Format renders err for a person: every *Error as
// "file:line:col: error: msg", the source line and a caret under the
// column, then its notes and call stack. Other errors print as they are.
func (s Sources) Format(err error) string {
	var b strings.Builder
	var list ErrorList
	switch e := err.(type) {
	case ErrorList:
		list = e
	case *Error:
		list = ErrorList{e}
	default:
		return "error: " + err.Error() + "\n"
	}
	for _, e := range list {
		if len(e.Trace) > 0 {
			b.WriteString("Traceback (most recent call last):\n")
			for _, f := range e.Trace {
				fmt.Fprintf(&b, "  %s, in %s\n", f.Pos, f.Func)
			}
		}
		fmt.Fprintf(&b, "%s: error: %s\n", e.Pos, e.Msg)
		s.caret(&b, e.Pos)
		for _, n := range e.Notes {
			fmt.Fprintf(&b, "%s: note: %s\n", n.Pos, n.Msg)
			s.caret(&b, n.Pos)
		}
	}
	return b.String()
}

func (s Sources) caret(b *strings.Builder, p Pos) {
	line, ok := s.Line(p.File, p.Line)
	if !ok {
		return
	}
	fmt.Fprintf(b, "    %s\n", line)
	pad := make([]byte, 0, p.Col)
	for i := 0; i < p.Col-1 && i < len(line); i++ {
		if line[i] == '\t' {
			pad = append(pad, '\t')
		} else {
			pad = append(pad, ' ')
		}
	}
	fmt.Fprintf(b, "    %s^\n", pad)
}
