package vm

import (
	"fmt"
	"unsafe"
)

// Calls and frames: what the dispatch loop's fast paths leave to the
// general case (a function value, a graph not compiled yet, defaults to
// fill in, a full frame stack), and the growing and shrinking of the
// stacks.

// call performs a call instruction the fast paths did not: a call of a
// function value, of a graph not compiled yet, with defaults to fill in,
// or at the depth limit. The frame records are left ready for run to
// reload; exit reports that the entry frame returned v.
func (vm *VM) call(in *instr, entry int) (v Value, exit bool, err error) {
	fp := len(vm.frames) - 1
	f := &vm.frames[fp]
	c := f.c
	regs := unsafe.Pointer(&vm.stack[f.base])
	tail := in.op == opTail || in.op == opTailG
	var fn *function
	var args, env []Value
	switch in.op {
	case opCallG1:
		t := c.targets[in.b]
		one := [1]int32{in.c}
		buf := vm.gather(regs, one[:], t.fvs)
		fn, args, env = t.fn, buf[:1], buf[1:]
	case opCallG, opTailG, opCallM:
		t := c.targets[in.b]
		buf := vm.gather(regs, c.args[in.c:in.c+in.d], t.fvs)
		fn, args, env = t.fn, buf[:in.d], buf[in.d:]
	default:
		fv := *r(regs, in.b)
		args = vm.gather(regs, c.args[in.c:in.c+in.d], nil)
		if fv.Kind() != KFunc {
			return None, false, errorf("'%s' object is not callable", fv.typeName())
		}
		fo := fv.funcv()
		if fo.prim != 0 {
			if err := checkPrimArity(fo.prim, len(args)); err != nil {
				return None, false, err
			}
			v, err := prims[fo.prim](vm, args)
			if err != nil {
				return None, false, err
			}
			if !tail {
				*r(regs, in.a) = v
				return None, false, nil
			}
			return vm.ret(v, entry)
		}
		fn, env = fo.fn, fo.env
	}
	callee, err := vm.codeOf(fn)
	if err != nil {
		return None, false, err
	}
	if in.op == opCallG || in.op == opCallG1 || in.op == opTailG || in.op == opCallM {
		// The fast paths copy the free variables by the target's list.
		if t := c.targets[in.b]; len(t.fvs) == callee.nfv {
			t.code = callee
		} else {
			panic(fmt.Sprintf("target %s has %d free variables, its code %d", fn.g.Name, len(t.fvs), callee.nfv))
		}
	}
	if tail {
		// args and env are in the scratch buffer, not in the frame.
		if err := vm.enter(callee, f.base, args, env); err != nil {
			return None, false, err
		}
		if f.from == nil {
			f.from, f.fromIP = c, f.ip
		}
		f.c, f.ip = callee, &callee.instrs[0]
		return None, false, nil
	}
	base := f.base + c.nslots
	if err := vm.enter(callee, base, args, env); err != nil {
		return None, false, err
	}
	fr := frame{c: callee, base: base, ip: &callee.instrs[0], dst: in.a}
	if in.op == opCallM {
		fr.nret = c.targets[in.b].nret
	}
	return None, false, vm.push(fr)
}

// ret returns v from the running frame to its caller.
func (vm *VM) ret(v Value, entry int) (Value, bool, error) {
	fp := len(vm.frames) - 1
	dst, nret := vm.frames[fp].dst, vm.frames[fp].nret
	vm.frames = vm.frames[:fp]
	if fp == entry {
		return v, true, nil
	}
	f := &vm.frames[fp-1]
	if nret != 0 {
		unpackResult(v, f.c.args[dst:dst+nret], unsafe.Pointer(&vm.stack[f.base]))
		return None, false, nil
	}
	vm.stack[f.base+int(dst)] = v
	return None, false, nil
}

// unpackResult stores the elements of the tuple v, which a graph
// returned as one value to a callm (multi.go), in the slots dsts of the
// frame at regs.
func unpackResult(v Value, dsts []int32, regs unsafe.Pointer) {
	if v.Kind() != KTuple || len(v.Elems()) != len(dsts) {
		panic(fmt.Sprintf("a call that takes %d results got %s", len(dsts), v.typeName()))
	}
	for i, e := range v.Elems() {
		*r(regs, dsts[i]) = e
	}
}

// enter sets up the slots of a frame of c at base: the arguments (with
// defaults for missing trailing ones), the free variables and the
// constants. args and env may alias the stack below base.
func (vm *VM) enter(c *code, base int, args, env []Value) error {
	n := len(args)
	if n != c.nparams && (n > c.nparams || n < c.nparams-len(c.defaults)) {
		return arityError(c, n)
	}
	vm.grow(base + c.nslots + 1)
	r := vm.stack[base : base+c.nslots]
	copy(r, args)
	copy(r[n:c.nparams], c.defaults[len(c.defaults)-(c.nparams-n):])
	for i := n; i < c.nparams; i++ {
		if k := c.defaultFV[len(c.defaults)-(c.nparams-i)]; k >= 0 {
			r[i] = env[k]
		}
	}
	copy(r[c.nparams:c.nparams+c.nfv], env)
	copy(r[c.nparams+c.nfv:], c.consts)
	return nil
}

// push pushes a frame record. The capacity of the frame stack never
// exceeds MaxDepth, so that the dispatch loop's test for a full stack
// also stands for the depth test.
func (vm *VM) push(f frame) error {
	n := len(vm.frames)
	if n >= vm.maxDepth {
		return errorf("recursion too deep (depth %d; myia run --max-depth raises the limit)", vm.maxDepth)
	}
	if n == cap(vm.frames) {
		size := min(max(2*n, 16), vm.maxDepth)
		frames := make([]frame, n, size)
		copy(frames, vm.frames)
		vm.frames = frames
	}
	vm.frames = append(vm.frames, f)
	return nil
}

// shrink drops the slot and frame stacks after a deep recursion, so
// that the garbage collector does not keep scanning them, nor the values
// left in them alive.
func (vm *VM) shrink() {
	if len(vm.stack) > 1<<16 {
		vm.stack = make([]Value, 1024)
	}
	if cap(vm.frames) > 1<<12 {
		vm.frames = nil
	}
}

// grow makes the stack at least n slots long.
func (vm *VM) grow(n int) {
	if n <= len(vm.stack) {
		return
	}
	size := 2 * len(vm.stack)
	for size < n {
		size *= 2
	}
	s := make([]Value, size)
	copy(s, vm.stack)
	vm.stack = s
}
