package vm

import (
	"fmt"
	"io"
	"os"
	"runtime/debug"

	"github.com/myia/myia/ir"
)

// Options configure a VM.
type Options struct {
	// Stdout receives what print prints; os.Stdout if nil.
	Stdout io.Writer
	// MaxDepth bounds the number of active calls; 200000 if zero.
	MaxDepth int
	// AD transforms graphs for the J primitive; J is an error without.
	AD Differentiator
}

// VM runs the graphs of one module. It is not safe for concurrent use.
type VM struct {
	m        *ir.Module
	out      io.Writer
	maxDepth int
	ad       Differentiator
	an       *analysis
	funcs    map[*ir.Graph]*function
	stack    []Value // the slots of every frame
	frames   []frame
	scratch  []Value // arguments being passed; never kept by a callee
	// noContify compiles every graph separately (for tests: the general
	// call paths must compute what contified code does).
	noContify bool
}

// frame is an active call: its code, where its slots start in the
// stack, (while it calls another) where it resumes, and the slot of its
// caller's frame that receives its result.
type frame struct {
	c    *code
	base int
	ip   *instr // the next instruction, while the frame calls another
	dst  int32
	// nret is 0 if the caller takes one value, in slot dst; else the
	// caller's callm takes nret values, in the slots args[dst:dst+nret]
	// of its code (multi.go).
	nret int32
	// from and fromIP are, if the frame was reused by tail calls, the
	// function it was first called for and the instruction after its
	// tail call: tracebacks show that call too.
	from   *code
	fromIP *instr
}

// New makes a VM for module m.
func New(m *ir.Module, opt Options) *VM {
	vm := &VM{m: m, out: opt.Stdout, maxDepth: opt.MaxDepth, ad: opt.AD,
		funcs: map[*ir.Graph]*function{}, an: newAnalysis(m)}
	if vm.out == nil {
		vm.out = os.Stdout
	}
	if vm.maxDepth <= 0 {
		vm.maxDepth = 200000
	}
	vm.stack = make([]Value, 1024)
	vm.scratch = make([]Value, 0, 16)
	return vm
}

// function returns the VM's record of graph g.
func (vm *VM) function(g *ir.Graph) *function {
	fn, ok := vm.funcs[g]
	if !ok {
		fn = &function{g: g}
		vm.funcs[g] = fn
	}
	return fn
}

// value is the function value of a graph without free variables.
func (fn *function) value() Value { return closure(fn, nil) }

// codeOf returns fn's code, compiling it on first use.
func (vm *VM) codeOf(fn *function) (*code, error) {
	if fn.code == nil && fn.err == nil {
		fn.code, fn.err = vm.compile(fn.g)
	}
	return fn.code, fn.err
}

// Disassemble returns the VM code of g, for tests and debugging.
func (vm *VM) Disassemble(g *ir.Graph) (string, error) {
	c, err := vm.codeOf(vm.function(g))
	if err != nil {
		return "", err
	}
	return c.String(), nil
}

// Call calls graph g, which must have no free variables, with args.
// A run-time error is an *ir.Error with the position of the failing
// application and the call stack.
func (vm *VM) Call(g *ir.Graph, args []Value) (Value, error) {
	if fv := vm.an.fv(g); len(fv) > 0 {
		return None, ir.Errorf(g.Pos, "vm: cannot call %s directly: it has free variables", g.Name)
	}
	return vm.CallValue(vm.function(g).value(), args)
}

// CallValue calls a function value (a closure or a primitive) with args.
func (vm *VM) CallValue(f Value, args []Value) (result Value, err error) {
	entry := len(vm.frames)
	defer func() {
		if r := recover(); r != nil {
			err = &ir.Error{Msg: fmt.Sprintf("internal error (a bug in the vm): %v\n%s", r, debug.Stack())}
		}
		if err != nil {
			vm.frames = vm.frames[:entry]
		}
		if entry == 0 {
			vm.shrink()
		}
	}()
	if f.Kind() != KFunc {
		return None, &ir.Error{Msg: fmt.Sprintf("'%s' object is not callable", f.typeName())}
	}
	fo := f.funcv()
	if fo.prim != 0 {
		if err := checkPrimArity(fo.prim, len(args)); err != nil {
			return None, &ir.Error{Msg: err.Error()}
		}
		v, err := prims[fo.prim](vm, args)
		if err != nil {
			return None, &ir.Error{Msg: err.Error()}
		}
		return v, nil
	}
	c, err := vm.codeOf(fo.fn)
	if err != nil {
		return None, err
	}
	base := 0
	if entry > 0 {
		top := vm.frames[entry-1]
		base = top.base + top.c.nslots
	}
	if err := vm.enter(c, base, args, fo.env); err != nil {
		e := ir.Errorf(fo.fn.g.Pos, "%s", err.Error())
		return None, e
	}
	if err := vm.push(frame{c: c, base: base, ip: &c.instrs[0]}); err != nil {
		return None, &ir.Error{Msg: err.Error()}
	}
	return vm.run(entry)
}
