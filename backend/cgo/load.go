package cgo

/*
#cgo LDFLAGS: -ldl
#include <stdlib.h>
#include "loader.h"
*/
import "C"

import (
	"fmt"
	"io"
	"math"
	"os"
	rcgo "runtime/cgo"
	"unsafe"

	"github.com/myia/myia/ir"
)

// Library is a loaded shared object made from a Unit: call its entry
// with Call.
type Library struct {
	Unit *Unit
	// Path is the shared object; Cached says it came from the cache.
	Path   string
	Cached bool
	opts   Options
	handle unsafe.Pointer
	entry  unsafe.Pointer
}

// Compile translates the typed graphs reached from entry to C, compiles
// them (or finds them in the cache) and loads the result.
func Compile(m *ir.Module, entry *ir.Graph, opts Options) (*Library, error) {
	u, err := Generate(m, entry)
	if err != nil {
		return nil, err
	}
	path, cached, tmp, err := Build(u.Source, opts)
	if err != nil {
		return nil, err
	}
	if tmp != "" {
		defer os.RemoveAll(tmp)
	}
	l, err := Load(path, u, opts)
	if err != nil {
		return nil, err
	}
	l.Cached = cached
	return l, nil
}

// Load opens a shared object made from u and finds its entry.
func Load(path string, u *Unit, opts Options) (*Library, error) {
	cpath := C.CString(path)
	defer C.free(unsafe.Pointer(cpath))
	var errbuf [512]C.char
	h := C.myia_dlopen(cpath, &errbuf[0], C.size_t(len(errbuf)))
	if h == nil {
		return nil, fmt.Errorf("loading %s: %s", path, C.GoString(&errbuf[0]))
	}
	l := &Library{Unit: u, Path: path, opts: opts, handle: h}
	sym := func(name string) unsafe.Pointer {
		cs := C.CString(name)
		defer C.free(unsafe.Pointer(cs))
		return C.myia_dlsym(h, cs)
	}
	abi, size, entry := sym("myia_abi"), sym("myia_ctx_size"), sym("myia_entry")
	if abi == nil || size == nil || entry == nil {
		l.Close()
		return nil, fmt.Errorf("%s was not made by myia (no myia_entry)", path)
	}
	if C.myia_call_int(abi) != C.MYIA_ABI || int64(C.myia_call_i64(size)) != int64(C.sizeof_myia_ctx) {
		l.Close()
		return nil, fmt.Errorf("%s was made for another version of myia's runtime", path)
	}
	l.entry = entry
	return l, nil
}

// Close unloads the library.
func (l *Library) Close() error {
	if l.handle != nil {
		C.myia_dlclose(l.handle)
		l.handle, l.entry = nil, nil
	}
	return nil
}

// callState is what the flush callback writes to.
type callState struct {
	w   io.Writer
	err error
}

//export myiaFlush
func myiaFlush(h C.uintptr_t, p *C.char, n C.size_t) {
	s := rcgo.Handle(h).Value().(*callState)
	if s.err == nil && n > 0 {
		_, s.err = s.w.Write(C.GoBytes(unsafe.Pointer(p), C.int(n)))
	}
}

// Call runs the entry with args: int64 (or int), float64, bool, nil for
// None, []any for a tuple; a float parameter also takes an int. The
// result comes back the same way. A run-time error is an *ir.Error with
// the position, the message and the call stack.
func (l *Library) Call(args ...any) (any, error) {
	if l.entry == nil {
		return nil, fmt.Errorf("call of a closed library")
	}
	u := l.Unit
	if len(args) != len(u.params) {
		return nil, fmt.Errorf("%s() takes %d arguments, got %d", u.Entry, len(u.params), len(args))
	}
	var in []uint64
	for i, a := range args {
		var err error
		if in, err = flatten(in, a, u.params[i]); err != nil {
			return nil, fmt.Errorf("argument %d of %s(): %v", i+1, u.Entry, err)
		}
	}
	out := make([]uint64, u.result.slots()+1)
	in = append(in, 0) // never empty: &in[0] is valid
	w := l.opts.Stdout
	if w == nil {
		w = os.Stdout
	}
	st := &callState{w: w}
	h := rcgo.NewHandle(st)
	defer h.Delete()
	ctx := (*C.myia_ctx)(C.calloc(1, C.sizeof_myia_ctx))
	defer C.free(unsafe.Pointer(ctx))
	depth := l.opts.MaxDepth
	if depth <= 0 {
		depth = 200000
	}
	C.myia_ctx_init(ctx, C.uintptr_t(h), C.int64_t(depth))
	C.myia_call(l.entry, ctx, (*C.uint64_t)(unsafe.Pointer(&in[0])), (*C.uint64_t)(unsafe.Pointer(&out[0])))
	if ctx.outlen > 0 {
		myiaFlush(C.uintptr_t(h), ctx.out, ctx.outlen)
	}
	C.free(unsafe.Pointer(ctx.out))
	if ctx.err != 0 {
		return nil, l.runtimeError(ctx)
	}
	if st.err != nil {
		return nil, fmt.Errorf("print: %v", st.err)
	}
	slot := 0
	return unflatten(out, &slot, u.result), nil
}

func (l *Library) runtimeError(ctx *C.myia_ctx) error {
	sites := l.Unit.Sites
	s := sites[int(ctx.err)-1]
	e := &ir.Error{Pos: s.Pos, Msg: C.GoString(&ctx.msg[0])}
	n := int(ctx.ntrace)
	for i := n - 1; i >= 0; i-- {
		t := sites[int(ctx.trace[i])]
		e.Trace = append(e.Trace, ir.Frame{Pos: t.Pos, Func: t.Func})
	}
	// The innermost frame, as the VM's traces end (even at depth 1).
	e.Trace = append(e.Trace, ir.Frame{Pos: s.Pos, Func: s.Func})
	return e
}

func flatten(in []uint64, v any, t *ctype) ([]uint64, error) {
	switch t.kind {
	case kInt:
		switch x := v.(type) {
		case int64:
			return append(in, uint64(x)), nil
		case int:
			return append(in, uint64(int64(x))), nil
		case bool:
			return append(in, uint64(b2i(x))), nil
		}
	case kFloat:
		switch x := v.(type) {
		case float64:
			return append(in, math.Float64bits(x)), nil
		case int64:
			return append(in, math.Float64bits(float64(x))), nil
		case int:
			return append(in, math.Float64bits(float64(x))), nil
		}
	case kBool:
		if x, ok := v.(bool); ok {
			return append(in, uint64(b2i(x))), nil
		}
	case kUnit:
		if t.none && v == nil {
			return in, nil
		}
		if t.str != nil {
			if s, ok := v.(string); ok && s == *t.str {
				return in, nil
			}
		}
	case kTuple:
		if xs, ok := v.([]any); ok && len(xs) == len(t.elems) {
			var err error
			for i, x := range xs {
				if in, err = flatten(in, x, t.elems[i]); err != nil {
					return nil, err
				}
			}
			return in, nil
		}
	}
	return nil, fmt.Errorf("got %v (%T), want %s", v, v, t)
}

func unflatten(out []uint64, slot *int, t *ctype) any {
	switch t.kind {
	case kInt:
		*slot++
		return int64(out[*slot-1])
	case kFloat:
		*slot++
		return math.Float64frombits(out[*slot-1])
	case kBool:
		*slot++
		return out[*slot-1]&0xff != 0
	case kTuple:
		xs := make([]any, len(t.elems))
		for i, el := range t.elems {
			xs[i] = unflatten(out, slot, el)
		}
		return xs
	}
	if t.str != nil {
		return *t.str
	}
	return nil
}
