package vm

import (
	"unsafe"

	"github.com/myia/myia/ir"
)

// The fast paths of the dispatch loop, small enough to be inlined, and
// its helpers.

// branch returns the target of a compare-and-branch instruction.
func branch(ip *instr, t bool, in *instr) *instr {
	if t {
		return jump(ip, in.c)
	}
	return jump(ip, in.d)
}

// gather copies the slots listed in idx (then those in more) of the frame
// at regs into the scratch buffer. The buffer is stored back only when it
// grows: a store of its pointer into the VM costs a write barrier while
// the collector runs.
func (vm *VM) gather(regs unsafe.Pointer, idx, more []int32) []Value {
	n := len(idx) + len(more)
	if n > cap(vm.scratch) {
		vm.scratch = make([]Value, 0, max(n, 2*cap(vm.scratch)))
	}
	buf := vm.scratch[:n]
	for i, s := range idx {
		buf[i] = *r(regs, s)
	}
	for i, s := range more {
		buf[len(idx)+i] = *r(regs, s)
	}
	return buf
}

// The fast paths of comparisons and indexing: ok is false when the
// operands are not both ints or both floats (not a tuple and an index in
// range). The arithmetic fast paths are written out in run, as they are
// too big for the inliner.

func lt(x, y Value) (bool, bool) {
	if x.isInt() && y.isInt() {
		return int64(x.n) < int64(y.n), true
	}
	if x.isFloat() && y.isFloat() {
		return x.float() < y.float(), true
	}
	return false, false
}

func le(x, y Value) (bool, bool) {
	if x.isInt() && y.isInt() {
		return int64(x.n) <= int64(y.n), true
	}
	if x.isFloat() && y.isFloat() {
		return x.float() <= y.float(), true
	}
	return false, false
}

func eq(x, y Value) (bool, bool) {
	if x.isInt() && y.isInt() {
		return x.n == y.n, true
	}
	if x.isFloat() && y.isFloat() {
		return x.float() == y.float(), true
	}
	return false, false
}

// mixed is the arithmetic of an int and a float: ok is false for other
// operands, and for a division by zero.
func mixed(p ir.Prim, x, y Value) (Value, bool) {
	var a, b float64
	switch {
	case x.isInt() && y.isFloat():
		a, b = float64(int64(x.n)), y.float()
	case x.isFloat() && y.isInt():
		a, b = x.float(), float64(int64(y.n))
	default:
		return None, false
	}
	switch p {
	case ir.Add:
		return Float(a + b), true
	case ir.Sub:
		return Float(a - b), true
	case ir.Mul:
		return Float(a * b), true
	case ir.TrueDiv:
		return Float(a / b), b != 0
	}
	return None, false
}

// exact reports whether i converts to a float exactly (|i| <= 2**53), so
// that a float division of two such ints is Python's correctly rounded
// int division.
func exact(i int64) bool { return -1<<53 <= i && i <= 1<<53 }

// index is tuple[int] or list[int] for an index in range.
func index(x, i Value) (Value, bool) {
	if x.p != nil && ((*header)(x.p).kind == KTuple || (*header)(x.p).kind == KList) && i.isInt() {
		if elems := x.seq().elems; i.n < uint64(len(elems)) {
			return elems[i.n], true
		}
	}
	return None, false
}
