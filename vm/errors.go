package vm

import (
	"errors"
	"fmt"
	"strings"
	"unsafe"

	"github.com/myia/myia/ir"
)

// Run-time errors. A primitive returns a plain error (made by errorf);
// the dispatch loop turns it into an *ir.Error at the position of the
// failing application, with the Python-style call stack.

// maxTrace bounds the number of frames kept in an error's Trace.
const maxTrace = 20

// rtError is an error raised by a primitive, without position yet.
type rtError struct{ msg string }

func (e *rtError) Error() string { return e.msg }

func errorf(format string, args ...any) error {
	return &rtError{fmt.Sprintf(format, args...)}
}

// runtimeError positions err at the instruction the top frame was
// executing and attaches the stack of frames from entry up.
func (vm *VM) runtimeError(err error, entry int) error {
	top := vm.frames[len(vm.frames)-1]
	var e *ir.Error
	if !errors.As(err, &e) {
		e = &ir.Error{Pos: top.pos(), Msg: err.Error()}
	}
	if e.Trace != nil {
		return e
	}
	frames := vm.frames[entry:]
	if len(frames) > maxTrace {
		frames = frames[len(frames)-maxTrace:]
	}
	for _, f := range frames {
		if f.from != nil {
			from := frame{c: f.from, ip: f.fromIP}
			e.Trace = append(e.Trace, ir.Frame{Pos: from.pos(), Func: f.from.name})
		}
		e.Trace = append(e.Trace, ir.Frame{Pos: f.pos(), Func: f.c.name})
	}
	if len(e.Trace) > maxTrace {
		e.Trace = e.Trace[len(e.Trace)-maxTrace:]
	}
	return e.AtUserFrame()
}

// pos is the position of the instruction f executes (or calls from):
// the one before f.ip.
func (f *frame) pos() ir.Pos {
	pc := (uintptr(unsafe.Pointer(f.ip)) - uintptr(unsafe.Pointer(&f.c.instrs[0]))) / instrSize
	if pc == 0 || int(pc) > len(f.c.pos) {
		return ir.Pos{}
	}
	return f.c.pos[pc-1]
}

// arityError is Python's message for a call of c with n arguments. It
// names the function as inference and the native backends do (inner,
// not make.inner; <lambda>), which the VM must agree with.
func arityError(c *code, n int) error {
	name := c.name
	if i := strings.LastIndexByte(name, '.'); i >= 0 {
		name = name[i+1:]
	}
	if c.g != nil && c.g.Kind == ir.KindLambda {
		name = "<lambda>"
	}
	np, nd := c.nparams, len(c.defaults)
	if n > np {
		return errorf("%s", ir.TooManyArgs(name, np, nd, n))
	}
	return errorf("%s", ir.MissingArgs(name, c.params[n:np-nd]))
}

// primNames are the Python spellings of primitives that are builtins.
var primNames = map[ir.Prim]string{
	ir.ToInt: "int", ir.ToFloat: "float", ir.Truth: "bool", ir.ScalarMin: "min",
	ir.ScalarMax: "max", ir.Exp: "math.exp", ir.Log: "math.log", ir.Sqrt: "math.sqrt",
	ir.Sin: "math.sin", ir.Cos: "math.cos", ir.Tan: "math.tan", ir.Tanh: "math.tanh",
	ir.NpExp: "np.exp", ir.NpLog: "np.log", ir.NpSqrt: "np.sqrt", ir.NpSin: "np.sin",
	ir.NpCos: "np.cos", ir.NpTan: "np.tan", ir.Log1p: "np.log1p", ir.Expm1: "np.expm1",
}

func primName(p ir.Prim) string {
	if s, ok := primNames[p]; ok {
		return s
	}
	return p.String()
}

// checkPrimArity checks a call of primitive p, as a function value, with
// n arguments.
func checkPrimArity(p ir.Prim, n int) error {
	if prims[p] == nil {
		return errorf("%s cannot be called as a function", primName(p))
	}
	ar := p.Info().Arity
	if ar < 0 || ar == n {
		return nil
	}
	if ar == 1 {
		return errorf("%s() takes exactly one argument (%d given)", primName(p), n)
	}
	return errorf("%s() takes exactly %d arguments (%d given)", primName(p), ar, n)
}
