package vm

import (
	"fmt"
	"strings"

	"github.com/myia/myia/ir"
)

// A compiled graph: a flat instruction sequence over the numbered slots
// of a frame. A frame's slots are laid out as
//
//	[0, nparams)            the parameters
//	[nparams, nparams+nfv)  the free variables, copied from the closure
//	[.., +len(consts))      the constants, copied from code.consts
//	[.., nslots)            one slot per node computed in the frame
//
// Operands are slot numbers; jump targets are instruction indices,
// relative to the next instruction once compiled.

// opcode is an instruction's operation. The comment of each gives its
// operands: a, b, c, d are the fields of instr, r[x] is slot x and k[x]
// is constant x of the code (a "K" opcode takes its second operand from
// the constants, so that constants used only there need no slot).
type opcode uint8

const (
	opNop opcode = iota
	opMov        // r[a] = r[b]
	opJmp        // goto a
	opBr         // if truth(r[a]) goto b else goto c
	opJLt        // if r[a] < r[b] goto c else goto d (and Le, Gt, Ge, Eq, Ne)
	opJLe
	opJGt
	opJGe
	opJEq
	opJNe
	opJLtK // if r[a] < k[b] goto c else goto d (and Le... Ne)
	opJLeK
	opJGtK
	opJGeK
	opJEqK
	opJNeK
	opAdd // r[a] = r[b] + r[c] (and Sub... GetItem)
	opSub
	opMul
	opDiv
	opFloorDiv
	opMod
	opLt
	opLe
	opGt
	opGe
	opEq
	opNe
	opGetItem
	opAddK // r[a] = r[b] + k[c] (and Sub... GetItem)
	opSubK
	opMulK
	opDivK
	opFloorDivK
	opModK
	opLtK
	opLeK
	opGtK
	opGeK
	opEqK
	opNeK
	opGetItemK
	opTruth   // r[a] = bool(r[b])
	opNot     // r[a] = not r[b]
	opSelect  // r[a] = r[c] if truth(r[b]) else r[d]
	opPrim    // r[a] = prim d applied to the slots args[b : b+c]
	opTuple   // r[a] = a tuple of the slots args[b : b+c] (make_tuple)
	opCall    // r[a] = r[b](args[c : c+d])
	opTail    // return r[b](args[c : c+d]), reusing the frame
	opCallG   // r[a] = targets[b](args[c : c+d])
	opCallG1  // r[a] = targets[b](r[c])
	opTailG   // return targets[b](args[c : c+d]), reusing the frame
	opClosure // r[a] = a closure of targets[b]
	opRet     // return r[a]
	opCallM   // the slots args[a : a+targets[b].nret] = targets[b](args[c : c+d]) (multi.go)
	opRetN    // return the slots args[a : a+b] (multi.go)
	numOps
)

// The groups of opcodes: a compare-and-branch or binary opcode is its
// group's first plus the offset of its primitive in cmpPrims or binPrims.
const (
	numCmp = opJLtK - opJLt
	numBin = opAddK - opAdd
)

var (
	cmpPrims = [...]ir.Prim{ir.Lt, ir.Le, ir.Gt, ir.Ge, ir.Eq, ir.Ne}
	binPrims = [...]ir.Prim{ir.Add, ir.Sub, ir.Mul, ir.TrueDiv, ir.FloorDiv, ir.Mod,
		ir.Lt, ir.Le, ir.Gt, ir.Ge, ir.Eq, ir.Ne, ir.GetItem}
)

func isJump(op opcode) bool   { return opJLt <= op && op <= opJNeK }
func isBinary(op opcode) bool { return opAdd <= op && op <= opGetItemK }

// isK reports whether the second operand of a jump or binary opcode is a
// constant.
func isK(op opcode) bool { return opJLtK <= op && op <= opJNeK || opAddK <= op && op <= opGetItemK }

// opPrim returns the primitive of a jump or binary opcode.
func (op opcode) prim() ir.Prim {
	switch {
	case opJLt <= op && op <= opJNeK:
		return cmpPrims[(op-opJLt)%numCmp]
	case opAdd <= op && op <= opGetItemK:
		return binPrims[(op-opAdd)%numBin]
	}
	return 0
}

func (op opcode) String() string {
	switch {
	case op == opNop:
		return "nop"
	case isJump(op) || isBinary(op):
		s := op.prim().String()
		if isJump(op) {
			s = "j" + s
		}
		if isK(op) {
			s += "k"
		}
		return s
	}
	return opNames[op]
}

var opNames = [numOps]string{
	opMov: "mov", opJmp: "jmp", opBr: "br", opTruth: "truth", opNot: "not",
	opSelect: "select", opPrim: "prim", opTuple: "tuple", opCall: "call", opTail: "tailcall",
	opCallG: "callg", opCallG1: "callg1", opTailG: "tailcallg", opClosure: "closure", opRet: "ret",
	opCallM: "callm", opRetN: "retn",
}

// binOps maps the primitives with a binary opcode to it; cmpJumps maps
// a comparison to its compare-and-branch opcode.
var binOps, cmpJumps = map[ir.Prim]opcode{}, map[ir.Prim]opcode{}

func init() {
	for i, p := range binPrims {
		binOps[p] = opAdd + opcode(i)
	}
	for i, p := range cmpPrims {
		cmpJumps[p] = opJLt + opcode(i)
	}
}

// instr is one instruction. In compiled code, jump targets are relative
// to the next instruction; the disassembly shows them absolute.
type instr struct {
	op         opcode
	a, b, c, d int32
}

// targets returns pointers to the fields of in that are jump targets.
func (in *instr) targets() []*int32 {
	switch in.op {
	case opJmp:
		return []*int32{&in.a}
	case opBr:
		return []*int32{&in.b, &in.c}
	}
	if isJump(in.op) {
		return []*int32{&in.c, &in.d}
	}
	return nil
}

// code is a graph compiled for the VM, with the graphs contified into it.
type code struct {
	g        *ir.Graph
	name     string // the function's name, for tracebacks
	nparams  int
	nfv      int
	nslots   int
	consts   []Value // copied into the frame
	kvals    []Value // operands of the K opcodes
	defaults []Value // values of the trailing parameters' constant defaults
	// defaultFV[i] is the index in the closure environment of default i,
	// for a default evaluated where the def stands, or -1.
	defaultFV []int
	params    []string
	instrs    []instr
	pos       []ir.Pos // per instruction: the apply it comes from
	args      []int32  // argument lists of calls and primitives
	targets   []*target
}

// function is a graph as the VM knows it: compiled on first call.
type function struct {
	g    *ir.Graph
	code *code
	err  error // the compile error, if compiling failed
	// multi is how many results it returns in slots (multi.go): 0 not
	// known yet, -1 one value.
	multi int
}

// target is a graph called or closed over by a code: the slots that hold
// its free variables in the caller's frame, in the order of its fv list.
type target struct {
	fn   *function
	code *code // fn.code, once compiled
	fvs  []int32
	nret int32 // the results of a callm of it (multi.go), else 0
}

// String disassembles c, one instruction a line, for tests and debugging.
func (c *code) String() string {
	var b strings.Builder
	fmt.Fprintf(&b, "code %s: %d params, %d free, %d consts, %d slots\n", c.name, c.nparams, c.nfv, len(c.consts), c.nslots)
	for i, k := range c.consts {
		fmt.Fprintf(&b, "  r%d = %s\n", c.nparams+c.nfv+i, k.Repr())
	}
	for pc, in := range c.instrs {
		for _, f := range in.targets() {
			*f += int32(pc) + 1 // show absolute targets
		}
		fmt.Fprintf(&b, "%4d  %s\n", pc, c.instrString(in))
	}
	return b.String()
}

func (c *code) instrString(in instr) string {
	name := in.op.String()
	list := func(start, n int32) string {
		var s []string
		for _, x := range c.args[start : start+n] {
			s = append(s, fmt.Sprintf("r%d", x))
		}
		return strings.Join(s, ", ")
	}
	second := func(x int32) string {
		if isK(in.op) {
			return c.kvals[x].Repr()
		}
		return fmt.Sprintf("r%d", x)
	}
	switch {
	case in.op == opNop:
		return name
	case isJump(in.op):
		return fmt.Sprintf("%s r%d, %s, %d, %d", name, in.a, second(in.b), in.c, in.d)
	case isBinary(in.op):
		return fmt.Sprintf("r%d = %s r%d, %s", in.a, name, in.b, second(in.c))
	}
	switch in.op {
	case opMov, opTruth, opNot:
		return fmt.Sprintf("r%d = %s r%d", in.a, name, in.b)
	case opJmp:
		return fmt.Sprintf("jmp %d", in.a)
	case opBr:
		return fmt.Sprintf("br r%d, %d, %d", in.a, in.b, in.c)
	case opSelect:
		return fmt.Sprintf("r%d = select r%d, r%d, r%d", in.a, in.b, in.c, in.d)
	case opPrim:
		return fmt.Sprintf("r%d = %s(%s)", in.a, ir.Prim(in.d), list(in.b, in.c))
	case opTuple:
		return fmt.Sprintf("r%d = tuple(%s)", in.a, list(in.b, in.c))
	case opCall:
		return fmt.Sprintf("r%d = call r%d(%s)", in.a, in.b, list(in.c, in.d))
	case opTail:
		return fmt.Sprintf("tailcall r%d(%s)", in.b, list(in.c, in.d))
	case opCallG:
		return fmt.Sprintf("r%d = callg @%s(%s)", in.a, c.targets[in.b].fn.g.Name, list(in.c, in.d))
	case opCallG1:
		return fmt.Sprintf("r%d = callg1 @%s(r%d)", in.a, c.targets[in.b].fn.g.Name, in.c)
	case opTailG:
		return fmt.Sprintf("tailcallg @%s(%s)", c.targets[in.b].fn.g.Name, list(in.c, in.d))
	case opClosure:
		return fmt.Sprintf("r%d = closure @%s", in.a, c.targets[in.b].fn.g.Name)
	case opRet:
		return fmt.Sprintf("ret r%d", in.a)
	case opCallM:
		return fmt.Sprintf("%s = callm @%s(%s)", list(in.a, c.targets[in.b].nret), c.targets[in.b].fn.g.Name, list(in.c, in.d))
	case opRetN:
		return fmt.Sprintf("retn %s", list(in.a, in.b))
	}
	return fmt.Sprintf("op%d %d %d %d %d", in.op, in.a, in.b, in.c, in.d)
}

// check verifies what the dispatch loop relies on without checking at
// run time: every slot operand is within the frame, every K operand,
// jump target, argument list and target index within its table, and no
// instruction but a jump or return is last. It returns the first
// violation; compile treats one as a bug.
func (c *code) check() error {
	n := int32(len(c.instrs))
	if n == 0 || len(c.pos) != len(c.instrs) {
		return fmt.Errorf("%d instructions, %d positions", n, len(c.pos))
	}
	if cap(c.instrs) < len(c.instrs)+2 || c.instrs[:n+2][n].op != opNop || c.instrs[:n+2][n+1].op != opNop {
		return fmt.Errorf("no sentinels after the instructions")
	}
	if c.nslots < c.nparams+c.nfv+len(c.consts) {
		return fmt.Errorf("%d slots for %d params, %d free variables and %d constants", c.nslots, c.nparams, c.nfv, len(c.consts))
	}
	slotOK := func(s int32) bool { return 0 <= s && int(s) < c.nslots }
	listOK := func(start, k int32) bool {
		if start < 0 || k < 0 || int(start+k) > len(c.args) {
			return false
		}
		for _, s := range c.args[start : start+k] {
			if !slotOK(s) {
				return false
			}
		}
		return true
	}
	for pc := range c.instrs {
		in := &c.instrs[pc]
		bad := func(what string) error {
			return fmt.Errorf("%d: %s: bad %s (relative jumps)", pc, c.instrString(*in), what)
		}
		if in.op == opNop || in.op >= numOps {
			return bad("opcode")
		}
		for _, f := range slotFields(in) {
			if !slotOK(*f) {
				return bad("slot")
			}
		}
		for _, f := range in.targets() {
			if t := int32(pc) + 1 + *f; t < 0 || t >= n {
				return bad("jump target")
			}
		}
		if isK(in.op) {
			k := in.c
			if isJump(in.op) {
				k = in.b
			}
			if k < 0 || int(k) >= len(c.kvals) {
				return bad("constant")
			}
		}
		switch in.op {
		case opPrim:
			if !listOK(in.b, in.c) || in.d <= 0 || in.d >= int32(len(prims)) || prims[in.d] == nil {
				return bad("primitive call")
			}
		case opTuple:
			if !listOK(in.b, in.c) {
				return bad("tuple")
			}
		case opCall, opTail, opCallG, opTailG, opCallM:
			if !listOK(in.c, in.d) {
				return bad("arguments")
			}
		case opRetN:
			if !listOK(in.a, in.b) {
				return bad("results")
			}
		}
		switch in.op {
		case opCallG, opCallG1, opTailG, opClosure, opCallM:
			if in.b < 0 || int(in.b) >= len(c.targets) {
				return bad("target")
			}
		}
		if in.op == opCallM && (c.targets[in.b].nret <= 0 || !listOK(in.a, c.targets[in.b].nret)) {
			return bad("destinations")
		}
		last := pc == len(c.instrs)-1
		switch {
		case in.op == opJmp, in.op == opBr, isJump(in.op), in.op == opRet, in.op == opRetN, in.op == opTail, in.op == opTailG:
		case last:
			return bad("last instruction")
		}
	}
	for _, t := range c.targets {
		for _, s := range t.fvs {
			if !slotOK(s) {
				return fmt.Errorf("target %s: bad free variable slot %d", t.fn.g.Name, s)
			}
		}
	}
	return nil
}
