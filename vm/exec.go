package vm

import (
	"fmt"
	"unsafe"

	"github.com/myia/myia/ir"
)

// The dispatch loop. It keeps the state of the running frame in a few
// local variables: the code, its first instruction and first K constant,
// the instruction pointer, and the address of the frame's slot 0. Slots,
// constants and instructions are reached through unsafe pointer
// arithmetic, which is safe because code.check has proven every slot
// index of every instruction smaller than the frame's size and every
// jump target and constant index in range, the stack is kept strictly
// longer than the frames in it (so even slot 0 of a frame without slots
// is inside it), and two sentinel instructions follow every code (the
// instruction pointer, advanced before an instruction runs, stays inside
// the array). Few live variables and no bounds checks made the loop
// about twice as fast as one over slices.
//
// Each hot opcode has a fast path for ints and floats; the rest goes to
// slowBinary or slowJump, which call the primitives' implementations.
// Calls of known graphs and of closures push a frame (push) or reuse it
// (tail); what those cannot do (a first call, which compiles the callee;
// defaults; a full stack) goes to slowCall.

// instrSize is the size of an instr: the stride of the instruction
// pointer.
const instrSize = unsafe.Sizeof(instr{})

// r returns the Value at index i of the array at p.
func r(p unsafe.Pointer, i int32) *Value { return (*Value)(unsafe.Add(p, uintptr(i)*16)) }

// k returns c's K constant i.
func k(c *code, i int32) *Value { return r(unsafe.Pointer(unsafe.SliceData(c.kvals)), i) }

// jump returns the instruction rel instructions after ip (before, if rel
// is negative): jump targets are relative to the next instruction.
func jump(ip *instr, rel int32) *instr {
	return (*instr)(unsafe.Add(unsafe.Pointer(ip), int(rel)*int(instrSize)))
}

// first returns c's first instruction.
func (c *code) first() *instr { return unsafe.SliceData(c.instrs) }

// run executes frames until the frame at index entry returns. Calls push
// a frame record, never a Go stack frame, so myia recursion costs no Go
// stack; tail calls overwrite the running frame.
func (vm *VM) run(entry int) (Value, error) {
	var (
		c    *code
		ip   *instr         // the next instruction
		regs unsafe.Pointer // the frame's slot 0

		// A call's callee and the free variables it gets, in slots or
		// in a closure's environment.
		callee *code
		fvs    []int32
		env    []Value

		rv Value // the value a return returns
	)
reload:
	{
		f := &vm.frames[len(vm.frames)-1]
		c, ip = f.c, f.ip
		regs = unsafe.Pointer(&vm.stack[f.base])
	}
	for {
		in := ip
		ip = (*instr)(unsafe.Add(unsafe.Pointer(ip), instrSize))
		switch in.op {
		case opMov:
			*r(regs, in.a) = *r(regs, in.b)
		case opJmp:
			ip = jump(ip, in.a)
		case opBr:
			x := r(regs, in.a)
			t := x.n != 0
			if !x.isBool() {
				var err error
				if t, err = truth(*x); err != nil {
					vm.frames[len(vm.frames)-1].ip = ip
					return None, vm.runtimeError(err, entry)
				}
			}
			if t {
				ip = jump(ip, in.b)
			} else {
				ip = jump(ip, in.c)
			}

		// Compare and branch: ints and floats here, the rest in slowJump.
		case opJLt:
			if t, ok := lt(*r(regs, in.a), *r(regs, in.b)); ok {
				ip = branch(ip, t, in)
				continue
			}
			goto slowJump
		case opJLtK:
			if t, ok := lt(*r(regs, in.a), *k(c, in.b)); ok {
				ip = branch(ip, t, in)
				continue
			}
			goto slowJump
		case opJLe:
			if t, ok := le(*r(regs, in.a), *r(regs, in.b)); ok {
				ip = branch(ip, t, in)
				continue
			}
			goto slowJump
		case opJLeK:
			if t, ok := le(*r(regs, in.a), *k(c, in.b)); ok {
				ip = branch(ip, t, in)
				continue
			}
			goto slowJump
		case opJGt:
			if t, ok := lt(*r(regs, in.b), *r(regs, in.a)); ok {
				ip = branch(ip, t, in)
				continue
			}
			goto slowJump
		case opJGtK:
			if t, ok := lt(*k(c, in.b), *r(regs, in.a)); ok {
				ip = branch(ip, t, in)
				continue
			}
			goto slowJump
		case opJGe:
			if t, ok := le(*r(regs, in.b), *r(regs, in.a)); ok {
				ip = branch(ip, t, in)
				continue
			}
			goto slowJump
		case opJGeK:
			if t, ok := le(*k(c, in.b), *r(regs, in.a)); ok {
				ip = branch(ip, t, in)
				continue
			}
			goto slowJump
		case opJEq:
			if t, ok := eq(*r(regs, in.a), *r(regs, in.b)); ok {
				ip = branch(ip, t, in)
				continue
			}
			goto slowJump
		case opJEqK:
			if t, ok := eq(*r(regs, in.a), *k(c, in.b)); ok {
				ip = branch(ip, t, in)
				continue
			}
			goto slowJump
		case opJNe:
			if t, ok := eq(*r(regs, in.a), *r(regs, in.b)); ok {
				ip = branch(ip, !t, in)
				continue
			}
			goto slowJump
		case opJNeK:
			if t, ok := eq(*r(regs, in.a), *k(c, in.b)); ok {
				ip = branch(ip, !t, in)
				continue
			}
			goto slowJump

		// Arithmetic: ints (without overflow) and floats here.
		case opAdd:
			x, y := *r(regs, in.b), *r(regs, in.c)
			if x.isInt() && y.isInt() {
				s := int64(x.n) + int64(y.n)
				if (s^int64(x.n))&(s^int64(y.n)) >= 0 {
					*r(regs, in.a) = Int(s)
					continue
				}
			} else if x.isFloat() && y.isFloat() {
				*r(regs, in.a) = Float(x.float() + y.float())
				continue
			}
			goto slowBinary
		case opAddK:
			x, y := *r(regs, in.b), *k(c, in.c)
			if x.isInt() && y.isInt() {
				s := int64(x.n) + int64(y.n)
				if (s^int64(x.n))&(s^int64(y.n)) >= 0 {
					*r(regs, in.a) = Int(s)
					continue
				}
			} else if x.isFloat() && y.isFloat() {
				*r(regs, in.a) = Float(x.float() + y.float())
				continue
			}
			goto slowBinary
		case opSub:
			x, y := *r(regs, in.b), *r(regs, in.c)
			if x.isInt() && y.isInt() {
				s := int64(x.n) - int64(y.n)
				if (int64(x.n)^int64(y.n))&(s^int64(x.n)) >= 0 {
					*r(regs, in.a) = Int(s)
					continue
				}
			} else if x.isFloat() && y.isFloat() {
				*r(regs, in.a) = Float(x.float() - y.float())
				continue
			}
			goto slowBinary
		case opSubK:
			x, y := *r(regs, in.b), *k(c, in.c)
			if x.isInt() && y.isInt() {
				s := int64(x.n) - int64(y.n)
				if (int64(x.n)^int64(y.n))&(s^int64(x.n)) >= 0 {
					*r(regs, in.a) = Int(s)
					continue
				}
			} else if x.isFloat() && y.isFloat() {
				*r(regs, in.a) = Float(x.float() - y.float())
				continue
			}
			goto slowBinary
		case opMul:
			x, y := *r(regs, in.b), *r(regs, in.c)
			if x.isInt() && y.isInt() {
				if s, ok := ir.MulInt(int64(x.n), int64(y.n)); ok {
					*r(regs, in.a) = Int(s)
					continue
				}
			} else if x.isFloat() && y.isFloat() {
				*r(regs, in.a) = Float(x.float() * y.float())
				continue
			}
			goto slowBinary
		case opMulK:
			x, y := *r(regs, in.b), *k(c, in.c)
			if x.isInt() && y.isInt() {
				if s, ok := ir.MulInt(int64(x.n), int64(y.n)); ok {
					*r(regs, in.a) = Int(s)
					continue
				}
			} else if x.isFloat() && y.isFloat() {
				*r(regs, in.a) = Float(x.float() * y.float())
				continue
			}
			goto slowBinary

		case opDiv:
			x, y := *r(regs, in.b), *r(regs, in.c)
			if x.isFloat() && y.isFloat() && y.float() != 0 {
				*r(regs, in.a) = Float(x.float() / y.float())
				continue
			}
			if x.isInt() && y.isInt() && y.n != 0 && exact(int64(x.n)) && exact(int64(y.n)) {
				*r(regs, in.a) = Float(float64(int64(x.n)) / float64(int64(y.n)))
				continue
			}
			goto slowBinary
		case opDivK:
			x, y := *r(regs, in.b), *k(c, in.c)
			if x.isFloat() && y.isFloat() && y.float() != 0 {
				*r(regs, in.a) = Float(x.float() / y.float())
				continue
			}
			if x.isInt() && y.isInt() && y.n != 0 && exact(int64(x.n)) && exact(int64(y.n)) {
				*r(regs, in.a) = Float(float64(int64(x.n)) / float64(int64(y.n)))
				continue
			}
			goto slowBinary
		case opFloorDiv:
			x, y := *r(regs, in.b), *r(regs, in.c)
			if x.isInt() && y.isInt() && int64(y.n) > 0 {
				q := int64(x.n) / int64(y.n)
				if int64(x.n) < 0 && q*int64(y.n) != int64(x.n) {
					q--
				}
				*r(regs, in.a) = Int(q)
				continue
			}
			goto slowBinary
		case opFloorDivK:
			x, y := *r(regs, in.b), *k(c, in.c)
			if x.isInt() && y.isInt() && int64(y.n) > 0 {
				q := int64(x.n) / int64(y.n)
				if int64(x.n) < 0 && q*int64(y.n) != int64(x.n) {
					q--
				}
				*r(regs, in.a) = Int(q)
				continue
			}
			goto slowBinary
		case opMod:
			x, y := *r(regs, in.b), *r(regs, in.c)
			if x.isInt() && y.isInt() && int64(y.n) > 0 {
				m := int64(x.n) % int64(y.n)
				if m < 0 {
					m += int64(y.n)
				}
				*r(regs, in.a) = Int(m)
				continue
			}
			goto slowBinary
		case opModK:
			x, y := *r(regs, in.b), *k(c, in.c)
			if x.isInt() && y.isInt() && int64(y.n) > 0 {
				m := int64(x.n) % int64(y.n)
				if m < 0 {
					m += int64(y.n)
				}
				*r(regs, in.a) = Int(m)
				continue
			}
			goto slowBinary

		// Comparisons as values.
		case opLt:
			if t, ok := lt(*r(regs, in.b), *r(regs, in.c)); ok {
				*r(regs, in.a) = Bool(t)
				continue
			}
			goto slowBinary
		case opLtK:
			if t, ok := lt(*r(regs, in.b), *k(c, in.c)); ok {
				*r(regs, in.a) = Bool(t)
				continue
			}
			goto slowBinary
		case opLe:
			if t, ok := le(*r(regs, in.b), *r(regs, in.c)); ok {
				*r(regs, in.a) = Bool(t)
				continue
			}
			goto slowBinary
		case opLeK:
			if t, ok := le(*r(regs, in.b), *k(c, in.c)); ok {
				*r(regs, in.a) = Bool(t)
				continue
			}
			goto slowBinary
		case opGt:
			if t, ok := lt(*r(regs, in.c), *r(regs, in.b)); ok {
				*r(regs, in.a) = Bool(t)
				continue
			}
			goto slowBinary
		case opGtK:
			if t, ok := lt(*k(c, in.c), *r(regs, in.b)); ok {
				*r(regs, in.a) = Bool(t)
				continue
			}
			goto slowBinary
		case opGe:
			if t, ok := le(*r(regs, in.c), *r(regs, in.b)); ok {
				*r(regs, in.a) = Bool(t)
				continue
			}
			goto slowBinary
		case opGeK:
			if t, ok := le(*k(c, in.c), *r(regs, in.b)); ok {
				*r(regs, in.a) = Bool(t)
				continue
			}
			goto slowBinary
		case opEq:
			if t, ok := eq(*r(regs, in.b), *r(regs, in.c)); ok {
				*r(regs, in.a) = Bool(t)
				continue
			}
			goto slowBinary
		case opEqK:
			if t, ok := eq(*r(regs, in.b), *k(c, in.c)); ok {
				*r(regs, in.a) = Bool(t)
				continue
			}
			goto slowBinary
		case opNe:
			if t, ok := eq(*r(regs, in.b), *r(regs, in.c)); ok {
				*r(regs, in.a) = Bool(!t)
				continue
			}
			goto slowBinary
		case opNeK:
			if t, ok := eq(*r(regs, in.b), *k(c, in.c)); ok {
				*r(regs, in.a) = Bool(!t)
				continue
			}
			goto slowBinary

		case opGetItem:
			if v, ok := index(*r(regs, in.b), *r(regs, in.c)); ok {
				*r(regs, in.a) = v
				continue
			}
			goto slowBinary
		case opGetItemK:
			if v, ok := index(*r(regs, in.b), *k(c, in.c)); ok {
				*r(regs, in.a) = v
				continue
			}
			goto slowBinary

		case opTruth, opNot:
			t, err := truth(*r(regs, in.b))
			if err != nil {
				vm.frames[len(vm.frames)-1].ip = ip
				return None, vm.runtimeError(err, entry)
			}
			*r(regs, in.a) = Bool(t != (in.op == opNot))
		case opSelect:
			t, err := truth(*r(regs, in.b))
			if err != nil {
				vm.frames[len(vm.frames)-1].ip = ip
				return None, vm.runtimeError(err, entry)
			}
			if t {
				*r(regs, in.a) = *r(regs, in.c)
			} else {
				*r(regs, in.a) = *r(regs, in.d)
			}

		case opPrim:
			if f := fastPrims[in.d]; f != nil && in.c <= 3 {
				var x, y, z Value
				switch a := c.args[in.b : in.b+in.c]; len(a) {
				case 3:
					z = *r(regs, a[2])
					fallthrough
				case 2:
					y = *r(regs, a[1])
					fallthrough
				case 1:
					x = *r(regs, a[0])
				}
				if v, ok := f(x, y, z); ok {
					*r(regs, in.a) = v
					continue
				}
			}
			args := vm.gather(regs, c.args[in.b:in.b+in.c], nil)
			v, err := prims[in.d](vm, args)
			if err != nil {
				vm.frames[len(vm.frames)-1].ip = ip
				return None, vm.runtimeError(err, entry)
			}
			// A primitive may have run the VM (and grown its stack).
			regs = unsafe.Pointer(&vm.stack[vm.frames[len(vm.frames)-1].base])
			*r(regs, in.a) = v

		case opTuple:
			v, elems := newSeq(KTuple, int(in.c))
			for i, s := range c.args[in.b : in.b+in.c] {
				elems[i] = *r(regs, s)
			}
			*r(regs, in.a) = v

		case opCallG, opCallG1, opCallM:
			// A call of a known graph, compiled, with as many arguments
			// as parameters: push a frame and go on there.
			t := c.targets[in.b]
			if callee = t.code; callee == nil {
				goto slowCall
			}
			fvs, env = t.fvs, nil
			goto push

		case opCall:
			// A call of a closure: the same, with its environment.
			f := r(regs, in.b)
			if f.p == nil || (*header)(f.p).kind != KFunc {
				goto slowCall
			}
			fo := f.funcv()
			if fo.prim != 0 || fo.fn.code == nil {
				goto slowCall
			}
			callee, fvs, env = fo.fn.code, nil, fo.env
			goto push

		case opTailG:
			// A tail call of a known graph: the frame is reused.
			t := c.targets[in.b]
			if callee = t.code; callee == nil {
				goto slowCall
			}
			fvs, env = t.fvs, nil
			goto tail

		case opTail:
			// A tail call of a closure.
			f := r(regs, in.b)
			if f.p == nil || (*header)(f.p).kind != KFunc {
				goto slowCall
			}
			fo := f.funcv()
			if fo.prim != 0 || fo.fn.code == nil {
				goto slowCall
			}
			callee, fvs, env = fo.fn.code, nil, fo.env
			goto tail

		case opClosure:
			t := c.targets[in.b]
			v, env := newClosure(t.fn, len(t.fvs))
			for i, s := range t.fvs {
				env[i] = *r(regs, s)
			}
			*r(regs, in.a) = v

		case opRet:
			rv = *r(regs, in.a)
			goto ret

		case opRetN:
			// Results in slots (multi.go), to a callm that wants as many;
			// else as the tuple.
			n := len(vm.frames) - 1
			dst, nret := vm.frames[n].dst, vm.frames[n].nret
			src := c.args[in.a : in.a+in.b]
			if nret == in.b && n != entry {
				vm.frames = vm.frames[:n]
				f := &vm.frames[n-1]
				cregs := unsafe.Pointer(&vm.stack[f.base])
				for i, d := range f.c.args[dst : dst+nret] {
					*r(cregs, d) = *r(regs, src[i])
				}
				c, ip, regs = f.c, f.ip, cregs
				continue
			}
			var elems []Value
			rv, elems = newSeq(KTuple, len(src))
			for i, s := range src {
				elems[i] = *r(regs, s)
			}
			goto ret

		default:
			panic(fmt.Sprintf("bad opcode %d in %s", in.op, c.name))
		}
		continue

	ret:
		// Return rv from the running frame to its caller: into its slot,
		// or, for a callm (multi.go), its elements into the callm's.
		{
			n := len(vm.frames) - 1
			dst, nret := vm.frames[n].dst, vm.frames[n].nret
			vm.frames = vm.frames[:n]
			if n == entry {
				return rv, nil
			}
			f := &vm.frames[n-1]
			c, ip = f.c, f.ip
			regs = unsafe.Pointer(&vm.stack[f.base])
			if nret != 0 {
				unpackResult(rv, c.args[dst:dst+nret], regs)
				continue
			}
			*r(regs, dst) = rv
			continue
		}

	push:
		// Push a frame for callee; the arguments are those of the call
		// instruction, the free variables in the slots fvs or in env.
		{
			in := (*instr)(unsafe.Add(unsafe.Pointer(ip), -int(instrSize)))
			n := len(vm.frames)
			nb := vm.frames[n-1].base + c.nslots
			// The frame stack's capacity never exceeds MaxDepth: a full
			// stack takes the slow path, which checks the depth.
			if nb+callee.nslots >= len(vm.stack) || n == cap(vm.frames) || len(fvs)+len(env) != callee.nfv {
				goto slowCall
			}
			nr := unsafe.Pointer(r(regs, int32(c.nslots)))
			if in.op == opCallG1 {
				if callee.nparams != 1 {
					goto slowCall
				}
				*r(nr, 0) = *r(regs, in.c)
			} else {
				if int(in.d) != callee.nparams {
					goto slowCall
				}
				for i, s := range c.args[in.c : in.c+in.d] {
					*r(nr, int32(i)) = *r(regs, s)
				}
			}
			for i, s := range fvs {
				*r(nr, int32(callee.nparams+i)) = *r(regs, s)
			}
			for i, v := range env {
				*r(nr, int32(callee.nparams+i)) = v
			}
			for i, k := range callee.consts {
				*r(nr, int32(callee.nparams+callee.nfv+i)) = k
			}
			vm.frames[n-1].ip = ip
			vm.frames = vm.frames[:n+1]
			f := &vm.frames[n]
			f.c, f.base, f.dst, f.nret, f.from = callee, nb, in.a, 0, nil
			if in.op == opCallM {
				f.nret = c.targets[in.b].nret
			}
			c, regs, ip = callee, nr, callee.first()
			continue
		}

	tail:
		// Replace the running frame by one for callee, with the
		// arguments of the call instruction and the free variables in the
		// slots fvs or in env.
		{
			in := (*instr)(unsafe.Add(unsafe.Pointer(ip), -int(instrSize)))
			if int(in.d) != callee.nparams || vm.frames[len(vm.frames)-1].base+callee.nslots >= len(vm.stack) ||
				len(fvs)+len(env) != callee.nfv {
				goto slowCall
			}
			// The arguments are read from the frame being overwritten.
			buf := vm.gather(regs, c.args[in.c:in.c+in.d], fvs)
			for i, v := range buf {
				*r(regs, int32(i)) = v
			}
			for i, v := range env {
				*r(regs, int32(callee.nparams+i)) = v
			}
			for i, k := range callee.consts {
				*r(regs, int32(callee.nparams+callee.nfv+i)) = k
			}
			if f := &vm.frames[len(vm.frames)-1]; f.from == nil {
				f.from, f.fromIP = c, ip
				f.c = callee
			} else {
				f.c = callee
			}
			c, ip = callee, callee.first()
			continue
		}

	slowJump:
		// A comparison of other than two ints or two floats.
		{
			in := (*instr)(unsafe.Add(unsafe.Pointer(ip), -int(instrSize)))
			y := *r(regs, in.b)
			if isK(in.op) {
				y = *k(c, in.b)
			}
			v, err := binary(in.op.prim(), *r(regs, in.a), y)
			if err != nil {
				vm.frames[len(vm.frames)-1].ip = ip
				return None, vm.runtimeError(err, entry)
			}
			t, err := truth(v)
			if err != nil {
				vm.frames[len(vm.frames)-1].ip = ip
				return None, vm.runtimeError(err, entry)
			}
			ip = branch(ip, t, in)
			continue
		}

	slowBinary:
		// Operands other than two ints or two floats, or an int
		// overflow: the general implementation decides.
		{
			in := (*instr)(unsafe.Add(unsafe.Pointer(ip), -int(instrSize)))
			x, y := *r(regs, in.b), *r(regs, in.c)
			if isK(in.op) {
				y = *k(c, in.c)
			}
			p := in.op.prim()
			if v, ok := mixed(p, x, y); ok {
				*r(regs, in.a) = v
				continue
			}
			v, err := binary(p, x, y)
			if err != nil {
				vm.frames[len(vm.frames)-1].ip = ip
				return None, vm.runtimeError(err, entry)
			}
			*r(regs, in.a) = v
			continue
		}

	slowCall:
		{
			vm.frames[len(vm.frames)-1].ip = ip
			in := (*instr)(unsafe.Add(unsafe.Pointer(ip), -int(instrSize)))
			v, exit, err := vm.call(in, entry)
			if err != nil {
				return None, vm.runtimeError(err, entry)
			}
			if exit {
				return v, nil
			}
			goto reload
		}
	}
}
