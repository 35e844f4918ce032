package vm

import (
	"fmt"
	"slices"

	"github.com/myia/myia/ir"
)

// Emission: the body of each graph of a frame, in its deep schedule, with
// its tail call (if any) last.

// emitGraph lays out h's body at the current position.
func (cp *compiler) emitGraph(h *ir.Graph) {
	cp.laidOut[h] = true
	k := cp.contOf(h)
	tail := cp.tails[h]
	for _, a := range cp.an.schedule(h) {
		if a != h.Return() && a != tail {
			cp.emitNode(a)
		}
	}
	if tail != nil {
		cp.emitCallSite(tail, k)
		return
	}
	if args, ok := cp.retTupleArgs(h.Output()); ok && k.ret {
		start, n := cp.argList(cp.operands(args))
		cp.emit(opRetN, start, n, 0, 0, h.Return().Pos())
		return
	}
	cp.result(cp.operand(h.Output()), k, h.Return().Pos())
}

// result sends the value in slot src to continuation k.
func (cp *compiler) result(src int32, k cont, pos ir.Pos) {
	if k.ret {
		cp.emit(opRet, src, 0, 0, 0, pos)
		return
	}
	if src != k.dst {
		cp.emit(opMov, k.dst, src, 0, 0, pos)
	}
	cp.jump(k.next, pos)
}

// emitNode emits one apply that is not its graph's tail call.
func (cp *compiler) emitNode(a *ir.Apply) {
	if isCall(a) {
		k := cont{dst: cp.slot(a), next: cp.afterLabel(a)}
		cp.emitCallSite(a, k)
		cp.bind(k.next)
		return
	}
	if cp.unpackedGet[a] || cp.retTuple[a] {
		return // a slot the callm writes; a tuple returned in slots
	}
	p, _ := primOf(a.Inputs[0])
	switch {
	case p == ir.Depend:
		return // an alias of its first argument
	case p == ir.Switch && cp.an.callOnlySwitch(cp.m, a):
		return // each call branches
	}
	if _, ok := cp.fusedCmp(a); ok {
		return // compared by the branch
	}
	if cp.fusedTranspose(a) {
		return // read transposed by the products
	}
	cp.emitPrim(p, cp.slot(a), a.Args(), a.Pos())
}

// fusedCmp reports whether a is a comparison used only as the condition
// of switches that are only called: the branch then compares itself.
func (cp *compiler) fusedCmp(a *ir.Apply) (opcode, bool) {
	p, ok := primOf(a.Inputs[0])
	if !ok {
		return 0, false
	}
	op, ok := cmpJumps[p]
	if !ok {
		return 0, false
	}
	n := 0
	for _, u := range cp.m.Users(a) {
		if !cp.an.isLive(u.User) {
			continue
		}
		if u.Index != 1 || u.User.Graph() != a.Graph() || !isPrimApply(u.User, ir.Switch) || !cp.an.callOnlySwitch(cp.m, u.User) {
			return 0, false
		}
		n++
	}
	return op, n > 0
}

// fusedTranspose reports whether a is np_transpose(x, None) used only as
// an operand of np_dot in its own graph (the backward pass of a product,
// np_dot(dout, np_transpose(b, None))): the products then read x with a
// transpose flag (emitPrim, dotT) and a is not computed.
func (cp *compiler) fusedTranspose(a *ir.Apply) bool {
	if !isPrimApply(a, ir.Transpose) || len(a.Inputs) != 3 {
		return false
	}
	if k, ok := strip(a.Inputs[2]).(*ir.Constant); !ok || k.Value != ir.None {
		return false
	}
	n := 0
	for _, u := range cp.m.Users(a) {
		if !cp.an.isLive(u.User) {
			continue
		}
		if u.Index != 1 && u.Index != 2 || u.User.Graph() != a.Graph() || !isPrimApply(u.User, ir.MatDot) || len(u.User.Inputs) != 3 {
			return false
		}
		n++
	}
	return n > 0
}

// emitPrim emits dst = p(args).
func (cp *compiler) emitPrim(p ir.Prim, dst int32, args []ir.Node, pos ir.Pos) {
	if ar := p.Info().Arity; ar >= 0 && ar != len(args) || p == ir.Return {
		panic(fmt.Sprintf("%s applied to %d arguments", p, len(args)))
	}
	switch p {
	case ir.Depend:
		cp.emit(opMov, dst, cp.operand(args[0]), 0, 0, pos)
	case ir.Switch:
		c, x, y := cp.operand(args[0]), cp.operand(args[1]), cp.operand(args[2])
		cp.emit(opSelect, dst, c, x, y, pos)
	case ir.MatDot:
		// np_dot(x, y) with x or y a fused transpose: np_dot(x', y', flags)
		// of the transposes' operands.
		flags := int64(0)
		args = slices.Clone(args) // args are the apply's inputs
		for i, x := range args {
			if t, ok := strip(x).(*ir.Apply); ok && cp.fusedTranspose(t) {
				args[i] = t.Inputs[1]
				flags |= 1 << i
			}
		}
		if flags != 0 {
			slots := append(cp.operands(args), cp.operand(&ir.Constant{Value: flags}))
			start, n := cp.argList(slots)
			cp.emit(opPrim, dst, start, n, int32(p), pos)
			return
		}
		start, n := cp.argList(cp.operands(args))
		cp.emit(opPrim, dst, start, n, int32(p), pos)
	case ir.MakeTuple:
		start, n := cp.argList(cp.operands(args))
		cp.emit(opTuple, dst, start, n, 0, pos)
	case ir.Truth, ir.Not:
		op := opTruth
		if p == ir.Not {
			op = opNot
		}
		cp.emit(op, dst, cp.operand(args[0]), 0, 0, pos)
	default:
		if op, ok := binOps[p]; ok {
			x := cp.operand(args[0])
			if k, ok := cp.kOperand(args[1]); ok {
				cp.emit(op+numBin, dst, x, k, 0, pos)
				return
			}
			cp.emit(op, dst, x, cp.operand(args[1]), 0, pos)
			return
		}
		start, n := cp.argList(cp.operands(args))
		cp.emit(opPrim, dst, start, n, int32(p), pos)
	}
}

// emitCallSite emits the call a, whose result goes to k.
func (cp *compiler) emitCallSite(a *ir.Apply, k cont) {
	callee := strip(a.Inputs[0])
	if !isPrimApply(callee, ir.Switch) || !cp.an.callOnlySwitch(cp.m, callee) {
		cp.emitCallTo(a, callee, k)
		return
	}
	// switch(c, f, g)(args): branch, then call f or g.
	s := callee.(*ir.Apply)
	l1, l2 := cp.newLabel(), cp.newLabel()
	cp.emitBranch(s.Inputs[1], l1, l2, s.Pos())
	cp.bind(l1)
	cp.emitCallTo(a, strip(s.Inputs[2]), k)
	cp.bind(l2)
	cp.emitCallTo(a, strip(s.Inputs[3]), k)
}

// emitBranch emits: if cond goto l1 else goto l2.
func (cp *compiler) emitBranch(cond ir.Node, l1, l2 int, pos ir.Pos) {
	if a, ok := strip(cond).(*ir.Apply); ok {
		if op, ok := cp.fusedCmp(a); ok {
			x := cp.operand(a.Inputs[1])
			if k, ok := cp.kOperand(a.Inputs[2]); ok {
				cp.emit(op+numCmp, x, k, int32(l1), int32(l2), a.Pos())
				return
			}
			cp.emit(op, x, cp.operand(a.Inputs[2]), int32(l1), int32(l2), a.Pos())
			return
		}
	}
	cp.emit(opBr, cp.operand(cond), int32(l1), int32(l2), 0, pos)
}

// emitCallTo emits the call of callee with a's arguments, its result
// going to k. It always ends with a return or, if k.next is set, a jump.
func (cp *compiler) emitCallTo(a *ir.Apply, callee ir.Node, k cont) {
	pos, args := a.Pos(), a.Args()
	if c, ok := callee.(*ir.Constant); ok {
		switch h := c.Value.(type) {
		case *ir.Graph:
			switch {
			case cp.contified(h):
				cp.moves(cp.paramSlots(h), cp.operands(args), pos)
				if cp.laidOut[h] {
					cp.emit(opJmp, int32(cp.entry[h]), 0, 0, 0, pos)
					return
				}
				cp.entry[h] = cp.newLabel()
				cp.bind(cp.entry[h])
				cp.emitGraph(h)
				return
			case h == cp.root && k.ret && len(args) == len(h.Params):
				// A self tail call: a jump back to the start.
				cp.moves(cp.paramSlots(h), cp.operands(args), pos)
				cp.emit(opJmp, int32(cp.entry[h]), 0, 0, 0, pos)
				return
			}
			t := cp.target(h)
			start, n := cp.argList(cp.operands(args))
			if k.ret {
				cp.emit(opTailG, 0, t, start, n, pos)
				return
			}
			if m := cp.vm.multiOf(cp.vm.function(h)); m > 0 {
				// Results in slots: the call's unpacked slots, or
				// fresh ones made into the tuple the caller uses.
				dsts, unpacked := cp.unpacked[a]
				if !unpacked {
					dsts = make([]int32, m)
					for i := range dsts {
						dsts[i] = cp.newSlot()
					}
				}
				d, nd := cp.argList(dsts)
				cp.c.targets[t].nret = nd
				cp.emit(opCallM, d, t, start, n, pos)
				if !unpacked {
					cp.emit(opTuple, k.dst, d, nd, 0, pos)
				}
				cp.jump(k.next, pos)
				return
			}
			if n == 1 {
				cp.emit(opCallG1, k.dst, t, cp.c.args[start], 0, pos)
				cp.c.args = cp.c.args[:start]
			} else {
				cp.emit(opCallG, k.dst, t, start, n, pos)
			}
			cp.jump(k.next, pos)
			return
		case ir.Prim:
			if ar := h.Info().Arity; ar >= 0 && ar != len(args) || prims[h] == nil {
				break // an arm of a switch: the call raises the error
			}
			dst := k.dst
			if k.ret {
				dst = cp.newSlot()
			}
			cp.emitPrim(h, dst, args, pos)
			cp.result(dst, k, pos)
			return
		}
	}
	f := cp.operand(callee)
	start, n := cp.argList(cp.operands(args))
	if k.ret {
		cp.emit(opTail, 0, f, start, n, pos)
		return
	}
	cp.emit(opCall, k.dst, f, start, n, pos)
	cp.jump(k.next, pos)
}

func (cp *compiler) paramSlots(h *ir.Graph) []int32 {
	out := make([]int32, len(h.Params))
	for i, p := range h.Params {
		out[i] = cp.slot(p)
	}
	return out
}

// finish resolves labels, places the constant slots after the free
// variables, and improves the code: moves coalesced, jumps threaded.
func (cp *compiler) finish() {
	c := cp.c
	for i := range c.instrs {
		for _, f := range c.instrs[i].targets() {
			pc := cp.labels[*f]
			if pc < 0 {
				panic(fmt.Sprintf("unbound label %d", *f))
			}
			*f = pc
		}
	}
	// Constants go to [nparams+nfv, +len(consts)); other slots above
	// that point move up to make room.
	base, nk := int32(c.nparams+c.nfv), int32(len(c.consts))
	remap := func(s *int32) {
		switch {
		case *s < 0:
			*s = base - 1 - *s
		case *s >= base:
			*s += nk
		}
	}
	for i := range c.instrs {
		for _, f := range slotFields(&c.instrs[i]) {
			remap(f)
		}
	}
	for i := range c.args {
		remap(&c.args[i])
	}
	for _, t := range c.targets {
		for i := range t.fvs {
			remap(&t.fvs[i])
		}
	}
	c.nslots = int(cp.nslots + nk)
	c.coalesce()
	c.compact()
	// The dispatch loop advances the instruction pointer before it
	// executes an instruction, so after the last one it points past the
	// end of the slice; a Go pointer must stay inside its allocation,
	// hence two sentinels (opNop, which the loop rejects) after the end.
	instrs := make([]instr, len(c.instrs), len(c.instrs)+2)
	copy(instrs, c.instrs)
	c.instrs = instrs
	// Jump targets become relative to the next instruction, so that the
	// loop jumps from the instruction pointer alone.
	for pc := range c.instrs {
		for _, f := range c.instrs[pc].targets() {
			*f -= int32(pc) + 1
		}
	}
}

// coalesce removes a move d = s when s is read by nothing else: the
// instruction that computes s, earlier in the same basic block, writes d
// directly, provided nothing in between reads or writes d. This turns a
// loop body's `t = add i, 1; i = mov t` into `i = add i, 1`.
func (c *code) coalesce() {
	target := make([]bool, len(c.instrs)+1)
	readCount := make([]int, c.nslots)
	for i := range c.instrs {
		for _, f := range c.instrs[i].targets() {
			target[*f] = true
		}
		reads, _ := c.reads(&c.instrs[i])
		for _, s := range reads {
			readCount[s]++
		}
	}
	for j := range c.instrs {
		mv := c.instrs[j]
		if mv.op != opMov || readCount[mv.b] != 1 {
			continue
		}
		d, s := mv.a, mv.b
		for i := j - 1; i >= 0 && !target[i+1]; i-- {
			in := &c.instrs[i]
			if in.targets() != nil || in.op == opRet || in.op == opTail || in.op == opTailG || in.op == opCallM || in.op == opRetN {
				break // (a callm writes slots reads does not report)
			}
			reads, dst := c.reads(in)
			if dst == s {
				in.a = d
				c.instrs[j] = instr{op: opNop}
				break
			}
			if dst == d || slices.Contains(reads, d) {
				break
			}
		}
	}
}

// compact threads jumps, replaces a jump to a branch by a copy of the
// branch (so that a loop tests its condition at the bottom too), and
// removes nops and jumps to the next instruction.
func (c *code) compact() {
	final := func(pc int32) int32 {
		for n := 0; n < len(c.instrs) && (c.instrs[pc].op == opJmp || c.instrs[pc].op == opNop); n++ {
			if c.instrs[pc].op == opNop {
				if int(pc)+1 >= len(c.instrs) {
					break
				}
				pc++
			} else {
				pc = c.instrs[pc].a
			}
		}
		return pc
	}
	for i := range c.instrs {
		for _, f := range c.instrs[i].targets() {
			*f = final(*f)
		}
	}
	for i, in := range c.instrs {
		if in.op == opJmp && int(in.a) != i+1 {
			if t := c.instrs[in.a]; t.op == opBr || isJump(t.op) {
				c.instrs[i], c.pos[i] = t, c.pos[in.a]
			}
		}
	}
	keep := make([]bool, len(c.instrs))
	newPC := make([]int32, len(c.instrs)+1)
	n := int32(0)
	for i, in := range c.instrs {
		newPC[i] = n
		keep[i] = in.op != opNop && !(in.op == opJmp && int(in.a) == i+1)
		if keep[i] {
			n++
		}
	}
	newPC[len(c.instrs)] = n
	var instrs []instr
	var pos []ir.Pos
	for i, in := range c.instrs {
		if !keep[i] {
			continue
		}
		for _, f := range in.targets() {
			*f = newPC[*f]
		}
		instrs = append(instrs, in)
		pos = append(pos, c.pos[i])
	}
	c.instrs, c.pos = instrs, pos
}

// slotFields returns pointers to the fields of in that are slots.
func slotFields(in *instr) []*int32 {
	switch {
	case isJump(in.op) && isK(in.op):
		return []*int32{&in.a}
	case isJump(in.op):
		return []*int32{&in.a, &in.b}
	case isBinary(in.op) && isK(in.op):
		return []*int32{&in.a, &in.b}
	case isBinary(in.op):
		return []*int32{&in.a, &in.b, &in.c}
	}
	switch in.op {
	case opMov, opTruth, opNot:
		return []*int32{&in.a, &in.b}
	case opBr, opClosure, opRet, opPrim, opTuple, opCallG:
		return []*int32{&in.a}
	case opCallM, opRetN:
		return nil // a and the destinations are argument lists
	case opSelect:
		return []*int32{&in.a, &in.b, &in.c, &in.d}
	case opCall:
		return []*int32{&in.a, &in.b}
	case opCallG1:
		return []*int32{&in.a, &in.c}
	case opTail:
		return []*int32{&in.b}
	}
	return nil
}

// reads returns the slots in reads, as fields of in or in the argument
// table; dst is the slot it writes, or -1.
func (c *code) reads(in *instr) (reads []int32, dst int32) {
	fields := slotFields(in)
	dst = -1
	switch {
	case isBinary(in.op), in.op == opMov, in.op == opTruth, in.op == opNot, in.op == opSelect,
		in.op == opPrim, in.op == opTuple, in.op == opCallG, in.op == opCallG1, in.op == opCall, in.op == opClosure:
		dst = in.a
		fields = fields[1:]
	}
	for _, f := range fields {
		reads = append(reads, *f)
	}
	switch in.op {
	case opPrim, opTuple:
		reads = append(reads, c.args[in.b:in.b+in.c]...)
	case opRetN:
		reads = append(reads, c.args[in.a:in.a+in.b]...)
	case opCall, opTail, opCallG, opTailG, opCallM:
		reads = append(reads, c.args[in.c:in.c+in.d]...)
	}
	switch in.op {
	case opCallG, opCallG1, opTailG, opClosure, opCallM:
		reads = append(reads, c.targets[in.b].fvs...)
	}
	return reads, dst
}
