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
	free   unsafe.Pointer // myia_array_free, in libraries that use arrays
	live   unsafe.Pointer // myia_array_live
	boxes  unsafe.Pointer // myia_boxes_live
	peak   unsafe.Pointer // myia_array_peak
}

// List is a list of known length crossing the loader (a []any is a
// tuple).
type List []any

// Array is an array crossing the loader: DType "bool", "int64" or
// "float64", a shape, and row-major data: F for float64, I for int64
// and bool (0 or 1).
type Array struct {
	DType string
	Shape []int
	F     []float64
	I     []int64
}

func dtypeCode(s string) int {
	for i, n := range dtypeNames {
		if n == s {
			return i
		}
	}
	return -1
}

// Compile translates the typed graphs reached from entry to C, compiles
// them (or finds them in the cache) and loads the result.
func Compile(m *ir.Module, entry *ir.Graph, opts Options) (*Library, error) {
	u, err := Generate(m, entry)
	if err != nil {
		return nil, err
	}
	path, cached, tmp, err := build(u.Source, u.Arrays, opts)
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
	l.free, l.live, l.peak = sym("myia_array_free"), sym("myia_array_live"), sym("myia_array_peak")
	l.boxes = sym("myia_boxes_live")
	if u.Arrays && (l.free == nil || l.live == nil) {
		l.Close()
		return nil, fmt.Errorf("%s has no array runtime", path)
	}
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
	p, err := l.Prepare(args...)
	if err != nil {
		return nil, err
	}
	defer p.Free()
	return p.call(true)
}

// Prepared is a call of a library's entry whose arguments are already
// marshalled into C memory: Run calls the entry on them as often as
// wanted. It is what `myia run --bench` times on a native backend, as a
// C caller whose data is in memory would call the entry: converting Go
// values to and from C memory is the loader's cost, not the code's.
type Prepared struct {
	l    *Library
	in   []uint64
	cmem []unsafe.Pointer // arrays marshalled for the call
}

// Prepare checks and marshals args for calls of the entry. Free the
// result after its last Run.
func (l *Library) Prepare(args ...any) (*Prepared, error) {
	if l.entry == nil {
		return nil, fmt.Errorf("call of a closed library")
	}
	u := l.Unit
	if len(args) != len(u.params) {
		return nil, fmt.Errorf("%s() takes %d arguments, got %d", u.Entry, len(u.params), len(args))
	}
	p := &Prepared{l: l}
	for i, a := range args {
		var err error
		if p.in, err = flatten(p.in, a, u.params[i], &p.cmem); err != nil {
			p.Free()
			return nil, fmt.Errorf("argument %d of %s(): %v", i+1, u.Entry, err)
		}
	}
	p.in = append(p.in, 0) // never empty: &in[0] is valid
	return p, nil
}

// Run calls the entry and drops its result (the arrays it returned are
// freed without being copied): an error is the call's run-time error.
func (p *Prepared) Run() error {
	_, err := p.call(false)
	return err
}

// Free releases the C memory of the arguments.
func (p *Prepared) Free() {
	for _, m := range p.cmem {
		C.free(m)
	}
	p.cmem = nil
}

// call runs the entry; keep says to convert its result to Go values,
// else the result is dropped.
func (p *Prepared) call(keep bool) (any, error) {
	l := p.l
	if l.entry == nil {
		return nil, fmt.Errorf("call of a closed library")
	}
	u := l.Unit
	out := make([]uint64, u.result.slots()+1)
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
	C.myia_call(l.entry, ctx, (*C.uint64_t)(unsafe.Pointer(&p.in[0])), (*C.uint64_t)(unsafe.Pointer(&out[0])))
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
	if !keep {
		l.drop(out, &slot, u.result)
		return nil, nil
	}
	return l.unflatten(out, &slot, u.result), nil
}

// LiveArrayBytes is the memory the array runtime holds on the calling
// OS thread (headers and data of live arrays): after a call, what it
// leaked. Lock the goroutine to its thread around the calls.
func (l *Library) LiveArrayBytes() int64 {
	if l.live == nil {
		return 0
	}
	return int64(C.myia_call_live(l.live))
}

// LiveBoxes is the number of boxed function values (rt.inc's myia_box)
// live on the calling OS thread: after a call, how many leaked.
func (l *Library) LiveBoxes() int64 {
	if l.boxes == nil {
		return 0
	}
	return int64(C.myia_call_live(l.boxes))
}

// PeakArrayBytes is the most memory the array runtime held on the
// calling OS thread since the last PeakArrayBytes (which resets it).
func (l *Library) PeakArrayBytes() int64 {
	if l.peak == nil {
		return 0
	}
	return int64(C.myia_call_live(l.peak))
}

// cArray copies a into C memory as a myia_xarray (freed after the call).
func cArray(a Array, t *ctype, cmem *[]unsafe.Pointer) (uint64, error) {
	dt := dtypeCode(a.DType)
	if dt != t.dtype {
		return 0, fmt.Errorf("got a %s array, want %s", a.DType, t)
	}
	if len(a.Shape) != t.rank {
		return 0, fmt.Errorf("got an array of %d dimensions, want %d", len(a.Shape), t.rank)
	}
	n := 1
	for i, d := range a.Shape {
		if d < 0 || (t.shape[i] >= 0 && t.shape[i] != d) {
			return 0, fmt.Errorf("got an array of shape %v, want %v", a.Shape, t.shape)
		}
		n *= d
	}
	if (dt == 2 && len(a.F) != n) || (dt != 2 && len(a.I) != n) {
		return 0, fmt.Errorf("an array of shape %v with %d elements", a.Shape, max(len(a.F), len(a.I)))
	}
	size := C.size_t(C.sizeof_myia_xarray + 8*len(a.Shape) + 8*n + 8)
	p := C.calloc(1, size)
	*cmem = append(*cmem, p)
	x := (*C.myia_xarray)(p)
	shape := unsafe.Slice((*int64)(unsafe.Add(p, C.sizeof_myia_xarray)), len(a.Shape))
	for i, d := range a.Shape {
		shape[i] = int64(d)
	}
	data := unsafe.Add(p, C.sizeof_myia_xarray+8*len(a.Shape))
	if dt == 2 {
		copy(unsafe.Slice((*float64)(data), n), a.F)
	} else {
		copy(unsafe.Slice((*int64)(data), n), a.I)
	}
	x.dtype, x.ndim = C.int64_t(dt), C.int64_t(len(a.Shape))
	x.shape = (*C.int64_t)(unsafe.Pointer(unsafe.SliceData(shape)))
	x.data = data
	return uint64(uintptr(p)), nil
}

// goArray copies an array the native code returned and releases it.
func (l *Library) goArray(p uint64) Array {
	var dtype, ndim, size C.int64_t
	var shape [32]C.int64_t
	var data unsafe.Pointer
	C.myia_array_info(C.uint64_t(p), &dtype, &ndim, &shape[0], &size, &data)
	a := Array{DType: dtypeNames[dtype], Shape: make([]int, ndim)}
	for i := range a.Shape {
		a.Shape[i] = int(shape[i])
	}
	if dtype == 2 {
		a.F = append([]float64{}, unsafe.Slice((*float64)(data), int(size))...)
	} else {
		a.I = append([]int64{}, unsafe.Slice((*int64)(data), int(size))...)
	}
	C.myia_call_free(l.free, C.uint64_t(p))
	return a
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
	return e.AtUserFrame()
}

func flatten(in []uint64, v any, t *ctype, cmem *[]unsafe.Pointer) ([]uint64, error) {
	switch t.kind {
	case kArray:
		if a, ok := v.(Array); ok {
			w, err := cArray(a, t, cmem)
			if err != nil {
				return nil, err
			}
			return append(in, w), nil
		}
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
		xs, ok := v.([]any)
		if l, isList := v.(List); isList && t.list {
			xs, ok = l, true
		} else if t.list {
			ok = false
		}
		if ok && len(xs) == len(t.elems) {
			var err error
			for i, x := range xs {
				if in, err = flatten(in, x, t.elems[i], cmem); err != nil {
					return nil, err
				}
			}
			return in, nil
		}
	}
	return nil, fmt.Errorf("got %v (%T), want %s", v, v, t)
}

// drop frees the arrays of a result without converting it.
func (l *Library) drop(out []uint64, slot *int, t *ctype) {
	switch t.kind {
	case kArray:
		C.myia_call_free(l.free, C.uint64_t(out[*slot]))
		*slot++
	case kInt, kFloat, kBool:
		*slot++
	case kTuple:
		for _, el := range t.elems {
			l.drop(out, slot, el)
		}
	}
}

func (l *Library) unflatten(out []uint64, slot *int, t *ctype) any {
	switch t.kind {
	case kArray:
		*slot++
		return l.goArray(out[*slot-1])
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
			xs[i] = l.unflatten(out, slot, el)
		}
		if t.list {
			return List(xs)
		}
		return xs
	}
	if t.str != nil {
		return *t.str
	}
	return nil
}
