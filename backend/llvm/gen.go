// Package llvm translates typed, specialised graphs (the ones inference
// makes) to LLVM IR text, and builds them with LLVM's tools (opt, llc)
// and the C compiler into a shared object that backend/cgo's loader
// opens. It takes what the C backend takes (docs/backends.md) and is
// planned the same way (backend/llvm/plan, shared with backend/cgo): every graph is
// an LLVM function or a block of one; a block is a basic block reached by
// a branch, so a loop is a cycle of branches. Every node has a stack slot
// (alloca) that opt's mem2reg turns into SSA values and phis, as clang
// does with C locals; this keeps the emitter a direct translation.
//
// The generated module declares the runtime's functions (backend/cgo's
// rt.inc, compiled once into an object with hidden visibility and linked
// into every library), so printing, float repr and Python's arithmetic
// helpers are the same code on both native backends. LLVM 14 is the
// target: pointers are typed (i8*, %myia_ctx*).
package llvm

import (
	"fmt"
	"math"
	"strconv"
	"strings"

	"github.com/myia/myia/backend/llvm/plan"
	"github.com/myia/myia/ir"
)

// Site is a place where native code raises an error or calls a
// function: a source position and the Python function it is in.
type Site struct {
	Pos  ir.Pos
	Func string
}

// Unit is a typed program translated to LLVM IR.
type Unit struct {
	Source string // the LLVM IR module
	Sites  []Site
	Entry  string // the entry's Python name
	// Arrays says the code uses arrays: the runtime object must hold the
	// array runtime (backend/cgo's LLVMArrayRuntime), linked with OpenBLAS.
	Arrays bool
}

// ctxType is myia_ctx of backend/cgo's rt.h, up to the fields the
// generated code reads (x86-64 and aarch64 layout: natural alignment).
const ctxType = "%myia_ctx = type { i64, i32, i32, [32 x i32], i64, i64, i64, i8* }"

// ctx field indices
const (
	ctxErr        = 1
	ctxDepth      = 4
	ctxMaxDepth   = 5
	ctxStackLimit = 7
)

const preamble = `declare void @myia_fail(%myia_ctx*, i32, i8*)
declare void @myia_depth(%myia_ctx*, i32)
declare void @myia_trace(%myia_ctx*, i32)
declare void @myia_write(%myia_ctx*, i8*, i64)
declare void @myia_puts(%myia_ctx*, i8*)
declare void @myia_endline(%myia_ctx*)
declare void @myia_print_int(%myia_ctx*, i64)
declare void @myia_print_bool(%myia_ctx*, i32)
declare void @myia_print_float(%myia_ctx*, double)
declare i64 @myia_floordiv_i(i64, i64)
declare i64 @myia_mod_i(i64, i64)
declare double @myia_floordiv_f(double, double)
declare double @myia_mod_f(double, double)
declare double @myia_truediv_i(i64, i64)
declare i32 @myia_pow_i(i64, i64, i64*)
declare i8* @myia_pow_f(double, double, double*)
declare i32 @myia_cmp_if(i64, double)
declare i8* @myia_math(double, double)
declare i32 @myia_unpack(%myia_ctx*, i32, i64, i64)
declare i8* @myia_to_int(double, i64*)
declare double @exp(double)
declare double @log(double)
declare double @sqrt(double)
declare double @sin(double)
declare double @cos(double)
declare double @tan(double)
declare double @tanh(double)
declare double @log1p(double)
declare double @expm1(double)
declare double @llvm.fabs.f64(double)
declare i8* @llvm.frameaddress.p0i8(i32)
declare {i64, i1} @llvm.sadd.with.overflow.i64(i64, i64)
declare {i64, i1} @llvm.ssub.with.overflow.i64(i64, i64)
declare {i64, i1} @llvm.smul.with.overflow.i64(i64, i64)

; myia_enter counts a call and reports whether the depth limit or the
; end of the native stack is reached (MYIA_ENTER of rt.inc).
define internal i1 @myia_enter(%myia_ctx* %ctx) alwaysinline {
	%dp = getelementptr %myia_ctx, %myia_ctx* %ctx, i32 0, i32 4
	%d0 = load i64, i64* %dp
	%d1 = add i64 %d0, 1
	store i64 %d1, i64* %dp
	%mp = getelementptr %myia_ctx, %myia_ctx* %ctx, i32 0, i32 5
	%m = load i64, i64* %mp
	%c1 = icmp sgt i64 %d1, %m
	%fa = call i8* @llvm.frameaddress.p0i8(i32 0)
	%lp = getelementptr %myia_ctx, %myia_ctx* %ctx, i32 0, i32 7
	%l = load i8*, i8** %lp
	%c2 = icmp ult i8* %fa, %l
	%c = or i1 %c1, %c2
	ret i1 %c
}

; myia_leave uncounts a call and reports whether it raised an error.
define internal i1 @myia_leave(%myia_ctx* %ctx) alwaysinline {
	%dp = getelementptr %myia_ctx, %myia_ctx* %ctx, i32 0, i32 4
	%d0 = load i64, i64* %dp
	%d1 = sub i64 %d0, 1
	store i64 %d1, i64* %dp
	%ep = getelementptr %myia_ctx, %myia_ctx* %ctx, i32 0, i32 1
	%e = load i32, i32* %ep
	%c = icmp ne i32 %e, 0
	ret i1 %c
}

; myia_raised reports whether a call raised an error (after a call of a
; function that calls none: plan.Leaf).
define internal i1 @myia_raised(%myia_ctx* %ctx) alwaysinline {
	%ep = getelementptr %myia_ctx, %myia_ctx* %ctx, i32 0, i32 1
	%e = load i32, i32* %ep
	%c = icmp ne i32 %e, 0
	ret i1 %c
}
`

// Generate translates the typed graphs reached from entry to an LLVM IR
// module whose myia_entry(ctx, in, out) the loader calls. A construct the
// backend does not take is an *ir.Error at its position, naming it.
func Generate(m *ir.Module, entry *ir.Graph) (u *Unit, err error) {
	defer func() {
		if r := recover(); r != nil {
			if e, ok := r.(*ir.Error); ok {
				u, err = nil, e
				return
			}
			panic(r)
		}
	}()
	if entry == nil {
		return nil, fmt.Errorf("no typed entry: the LLVM backend needs a program whose types were inferred")
	}
	ts := newTypes(m)
	p := plan.Make(m, entry, backendName)
	g := &gen{Plan: p, ts: ts, siteIdx: map[Site]int{}, printers: map[string]bool{}, strs: map[string]string{}, decls: map[string]bool{}}
	u = &Unit{Entry: plan.FuncName(entry)}
	var params []*ltype
	for _, prm := range entry.Params {
		params = append(params, g.typeOf(prm))
	}
	result := g.typeOf(entry.Output())
	for _, t := range append(append([]*ltype(nil), params...), result) {
		if hasClosure(t) {
			refuse(entry.Pos, "an entry that takes or returns a %s (closures, lists of unknown length, strings not known at compile time, slices, ranges and values that may be None do not cross the loader)", t)
		}
	}
	var fns strings.Builder
	for _, h := range p.Graphs {
		if p.Fn[h] {
			g.function(&fns, h)
		}
	}
	g.entryWrapper(&fns, entry, params, result)
	var b strings.Builder
	fmt.Fprintf(&b, "; generated by myia's LLVM backend from %s\n", entry.Name)
	b.WriteString(ctxType + "\n")
	if ts.Arrays {
		u.Arrays = true
	}
	b.WriteString("%myia_index = type { i32, i32, i64, i64, i64, i64 }\n")
	b.WriteString("%myia_range = type { i64, i64, i64 }\n")
	b.WriteString(boxType + "\n")
	for _, t := range ts.Ordered {
		parts := make([]string, len(t.elems))
		for i, e := range t.elems {
			parts[i] = e.name
		}
		switch t.kind {
		case kUnion:
			// The record: rt.inc's myia_box, the tag, each member's value.
			fmt.Fprintf(&b, "%s = type { %%myia_box, i64, %s }\n", t.rec, strings.Join(parts, ", "))
			continue
		case kEnv:
			// The values, then a flag per key.
			for range t.elems {
				parts = append(parts, "i1")
			}
		case kOptional:
			parts = append(parts, "i1") // the value, then the flag
		}
		fmt.Fprintf(&b, "%s = type { %s }\n", t.name, strings.Join(parts, ", "))
	}
	b.WriteString(g.globals.String())
	b.WriteString(preamble)
	b.WriteString(g.printDefs.String())
	b.WriteString(g.declDefs.String())
	b.WriteString(fns.String())
	u.Source = b.String()
	u.Sites = g.sites
	return u, nil
}

type gen struct {
	*plan.Plan
	ts        *types
	sites     []Site
	siteIdx   map[Site]int
	printers  map[string]bool
	printDefs strings.Builder
	globals   strings.Builder
	strs      map[string]string // string constant -> global name
	decls     map[string]bool   // runtime functions declared
	declDefs  strings.Builder
}

// declare declares a function of the array runtime (once): decl is its
// LLVM declaration without "declare".
func (g *gen) declare(name, decl string) {
	if !g.decls[name] {
		g.decls[name] = true
		fmt.Fprintf(&g.declDefs, "declare %s\n", decl)
	}
}

func hasClosure(t *ltype) bool {
	if t.kind == kClosure || t.kind == kUnion || t.kind == kFnTag || t.kind == kList || t.kind == kStr || t.kind == kSlice || t.kind == kRange || t.kind == kOptional {
		return true
	}
	for _, e := range t.elems {
		if hasClosure(e) {
			return true
		}
	}
	return false
}

// posOf is n's position, or its graph's, or the entry's.
func (g *gen) posOf(n ir.Node) ir.Pos {
	if p := n.Pos(); p.IsValid() {
		return p
	}
	for h := n.Graph(); h != nil; h = h.Parent {
		if h.Pos.IsValid() {
			return h.Pos
		}
	}
	if g.Plan != nil && g.Entry != nil {
		return g.Entry.Pos
	}
	return n.Pos()
}

func (g *gen) site(pos ir.Pos, in *ir.Graph) int {
	s := Site{pos, plan.FuncName(in)}
	if i, ok := g.siteIdx[s]; ok {
		return i
	}
	g.siteIdx[s] = len(g.sites)
	g.sites = append(g.sites, s)
	return len(g.sites) - 1
}

// cstring is an i8* constant expression pointing at s, NUL-terminated.
func (g *gen) cstring(s string) string {
	name, ok := g.strs[s]
	if !ok {
		name = fmt.Sprintf("@.s%d", len(g.strs))
		g.strs[s] = name
		fmt.Fprintf(&g.globals, "%s = private unnamed_addr constant [%d x i8] c\"%s\\00\"\n", name, len(s)+1, llvmEscape(s))
	}
	return fmt.Sprintf("getelementptr inbounds ([%d x i8], [%d x i8]* %s, i64 0, i64 0)", len(s)+1, len(s)+1, name)
}

func llvmEscape(s string) string {
	var b strings.Builder
	for i := 0; i < len(s); i++ {
		c := s[i]
		if c >= 0x20 && c < 0x7f && c != '"' && c != '\\' {
			b.WriteByte(c)
		} else {
			fmt.Fprintf(&b, "\\%02X", c)
		}
	}
	return b.String()
}

// typeOf is the ltype of a node, or refuses it.
func (g *gen) typeOf(n ir.Node) *ltype {
	return g.ts.Node(n, backendName, g.posOf)
}

// function writes the LLVM function of h with the blocks it hosts. Every
// parameter and node has a stack slot in the entry block.
func (g *gen) function(b *strings.Builder, h *ir.Graph) {
	var body, allocas strings.Builder
	var stores strings.Builder
	e := &fnEmitter{gen: g, host: h, b: &body, allocas: &allocas, stores: &stores, res: g.typeOf(h.Output())}
	fmt.Fprintf(b, "\n; %s\n", h.Name)
	fmt.Fprintf(b, "define internal %s @f%d(%%myia_ctx* %%ctx", e.res.name, h.ID())
	incoming := append([]ir.Node(nil), paramNodes(h.Params)...)
	incoming = append(incoming, g.M.FreeVariables(h)...)
	// Values holding arrays own a reference each (as in backend/cgo):
	// parameters are retained on entry, a slot releases its old value
	// when it is stored again, and every slot is released when the
	// function returns or fails.
	var owned []ownedSlot
	for _, v := range incoming {
		t := g.typeOf(v)
		fmt.Fprintf(b, ", %s %%a%d", t.name, v.ID())
		fmt.Fprintf(&allocas, "\t%%n%d = alloca %s\n", v.ID(), t.name)
		fmt.Fprintf(&stores, "\tstore %s %%a%d, %s* %%n%d\n", t.name, v.ID(), t.name, v.ID())
		if t.hasArrays() {
			owned = append(owned, ownedSlot{v.ID(), t})
		}
	}
	b.WriteString(") {\nentry:\n")
	nparams := len(owned)
	slot := func(id int, t *ltype) {
		fmt.Fprintf(&allocas, "\t%%n%d = alloca %s\n", id, t.name)
		if t.hasArrays() {
			fmt.Fprintf(&stores, "\tstore %s zeroinitializer, %s* %%n%d\n", t.name, t.name, id)
			owned = append(owned, ownedSlot{id, t})
		}
	}
	for _, k := range g.Hosted[h] {
		if k != h {
			for _, prm := range k.Params {
				slot(prm.ID(), g.typeOf(prm))
			}
		}
		nodes := g.Nodes[k]
		for _, a := range nodes[:len(nodes)-1] {
			if plan.NoValue(a) || ir.IsApplyOf(a, ir.Depend) {
				continue
			}
			slot(a.ID(), g.typeOf(a))
		}
	}
	e.owned = owned
	fmt.Fprintf(&allocas, "\t%%myia_r = alloca %s\n", e.res.name)
	e.open = true
	// Parameters: retained (the caller keeps its references).
	for _, o := range owned[:nparams] {
		e.refOp(o.t, e.def("load %s, %s* %%n%d", o.t.name, o.t.name, o.id), "retain")
	}
	for _, k := range g.Hosted[h] {
		e.graph(k)
	}
	e.label("done")
	e.releaseAll()
	r := e.def("load %s, %s* %%myia_r", e.res.name, e.res.name)
	e.term("ret %s %s", e.res.name, r)
	e.label("fail")
	e.releaseAll()
	fmt.Fprintf(&body, "\tret %s zeroinitializer\n}\n", e.res.name)
	b.WriteString(allocas.String())
	b.WriteString(stores.String())
	b.WriteString("\tbr label %top\ntop:\n")
	b.WriteString(body.String())
}

// ownedSlot is a stack slot that owns references to arrays.
type ownedSlot struct {
	id int
	t  *ltype
}

func (e *fnEmitter) releaseAll() {
	for _, o := range e.owned {
		e.refOp(o.t, e.def("load %s, %s* %%n%d", o.t.name, o.t.name, o.id), "release")
	}
}

// refOp retains or releases every array of x, of ltype t.
func (e *fnEmitter) refOp(t *ltype, x, op string) {
	switch t.kind {
	case kArray:
		if op == "retain" {
			e.declare("myia_retain", "i8* @myia_retain(i8*)")
			e.inst("call i8* @myia_retain(i8* %s)", x)
		} else {
			e.declare("myia_release", "void @myia_release(i8*)")
			e.inst("call void @myia_release(i8* %s)", x)
		}
	case kList:
		// Inline, as rt.inc's myia_list_retain and myia_list_release.
		some, done := e.newLabel(), e.newLabel()
		e.term("br i1 %s, label %%%s, label %%%s", e.def("icmp ne i8* %s, null", x), some, done)
		e.label(some)
		rc := e.listField(x, listOffRC)
		if op == "retain" {
			e.inst("store i64 %s, i64* %s", e.def("add i64 %s, 1", e.def("load i64, i64* %s", rc)), rc)
		} else {
			n := e.def("sub i64 %s, 1", e.def("load i64, i64* %s", rc))
			e.inst("store i64 %s, i64* %s", n, rc)
			free := e.newLabel()
			e.term("br i1 %s, label %%%s, label %%%s", e.def("icmp eq i64 %s, 0", n), free, done)
			e.label(free)
			e.declare("myia_list_free", "void @myia_list_free(i8*)")
			e.inst("call void @myia_list_free(i8* %s)", x)
		}
		e.label(done)
	case kUnion:
		if op == "retain" {
			e.inst("call void %s(i8* %s)", e.boxRetainer(), x)
		} else {
			e.declare("myia_box_release", "void @myia_box_release(i8*)")
			e.inst("call void @myia_box_release(i8* %s)", x)
		}
	case kTuple, kClosure, kEnv, kOptional:
		// An environment's values come first (an absent one is zero), as
		// an optional's.
		for i, el := range t.elems {
			if el.hasArrays() {
				e.refOp(el, e.field(x, t, i), op)
			}
		}
	}
}

// boxRetainer is the function that takes a new reference to a record
// (a boxed function value; null is none): rt.inc's myia_box starts with
// its count.
func (e *fnEmitter) boxRetainer() string {
	const name = "@myia_box_retain"
	if !e.printers[name] {
		e.printers[name] = true
		e.printDefs.WriteString(`
define internal void @myia_box_retain(i8* %r) alwaysinline {
entry:
	%null = icmp eq i8* %r, null
	br i1 %null, label %done, label %inc
inc:
	%p = bitcast i8* %r to i64*
	%c = load i64, i64* %p
	%c1 = add i64 %c, 1
	store i64 %c1, i64* %p
	br label %done
done:
	ret void
}
`)
	}
	return name
}

// ownedTemp is a new slot of the function, zero on entry, owned
// (released when the function ends and before it is stored again).
func (e *fnEmitter) ownedTemp(t *ltype) int {
	e.tmpSlot++
	id := -e.tmpSlot // negative: not a node
	fmt.Fprintf(e.allocas, "\t%%n%d = alloca %s\n", id, t.name)
	fmt.Fprintf(e.stores, "\tstore %s zeroinitializer, %s* %%n%d\n", t.name, t.name, id)
	e.owned = append(e.owned, ownedSlot{id, t})
	return id
}

// put stores x into node id's slot; owned says x is a new reference
// (else it is retained); the slot's old value is released.
func (e *fnEmitter) put(id int, t *ltype, x string, owned bool) {
	if t.hasArrays() {
		if !owned {
			e.refOp(t, x, "retain")
		}
		e.refOp(t, e.def("load %s, %s* %%n%d", t.name, t.name, id), "release")
	}
	e.store(id, t, x)
}

func paramNodes(ps []*ir.Parameter) []ir.Node {
	out := make([]ir.Node, len(ps))
	for i, p := range ps {
		out[i] = p
	}
	return out
}

// slot returns a fresh stack slot of type t, allocated in the entry
// block (so that a loop does not grow the stack).
func (e *fnEmitter) slot(t string) string {
	x := e.t()
	fmt.Fprintf(e.allocas, "\t%s = alloca %s\n", x, t)
	return x
}

type fnEmitter struct {
	*gen
	host *ir.Graph
	b    *strings.Builder
	// allocas receives the slots of the entry block, stores what the
	// entry block stores in them.
	allocas *strings.Builder
	stores  *strings.Builder
	res     *ltype
	cur     *ir.Graph
	tmp     int
	lbl     int
	open    bool // the current basic block has no terminator yet
	owned   []ownedSlot
	isOwned bool // the lowering just written made a new reference
	// importSlots are the array arguments of myia_entry.
	importSlots []string
	tmpSlot     int
}

// t returns a fresh temporary.
func (e *fnEmitter) t() string {
	e.tmp++
	return fmt.Sprintf("%%v%d", e.tmp)
}

// newLabel returns a fresh label name (without %).
func (e *fnEmitter) newLabel() string {
	e.lbl++
	return fmt.Sprintf("L%d", e.lbl)
}

// inst writes an instruction, opening an unreachable block after a
// terminator.
func (e *fnEmitter) inst(format string, args ...any) {
	if !e.open {
		fmt.Fprintf(e.b, "%s:\n", e.newLabel())
		e.open = true
	}
	e.b.WriteString("\t")
	fmt.Fprintf(e.b, format, args...)
	e.b.WriteString("\n")
}

// def writes "%x = instruction" and returns %x.
func (e *fnEmitter) def(format string, args ...any) string {
	x := e.t()
	e.inst("%s = %s", x, fmt.Sprintf(format, args...))
	return x
}

// term writes a terminator.
func (e *fnEmitter) term(format string, args ...any) {
	e.inst(format, args...)
	e.open = false
}

// label starts the block l, falling into it from an open block.
func (e *fnEmitter) label(l string) {
	if e.open {
		e.term("br label %%%s", l)
	}
	fmt.Fprintf(e.b, "%s:\n", l)
	e.open = true
}

// check raises msg (an i8* operand) at pos when cond (an i1) holds.
func (e *fnEmitter) check(cond string, pos ir.Pos, msg string) {
	bad, ok := e.newLabel(), e.newLabel()
	e.term("br i1 %s, label %%%s, label %%%s, !prof !0", cond, bad, ok)
	e.label(bad)
	e.fail(pos, msg)
	e.label(ok)
}

// fail raises msg (an i8* operand) at pos: the error is set and the
// function returns.
func (e *fnEmitter) fail(pos ir.Pos, msg string) {
	e.inst("call void @myia_fail(%%myia_ctx* %%ctx, i32 %d, i8* %s)", e.site(pos, e.cur), msg)
	e.term("br label %%fail")
}

// failStr raises the constant message s.
func (e *fnEmitter) failStr(pos ir.Pos, s string) { e.fail(pos, e.cstring(s)) }

// checkStr raises the constant message s when cond holds.
func (e *fnEmitter) checkStr(cond string, pos ir.Pos, s string) { e.check(cond, pos, e.cstring(s)) }

// checkMsg raises m, a message from the runtime, if it is not null.
func (e *fnEmitter) checkMsg(m string, pos ir.Pos) {
	c := e.def("icmp ne i8* %s, null", m)
	e.check(c, pos, m)
}

// store sets node id's slot.
func (e *fnEmitter) store(id int, t *ltype, x string) {
	e.inst("store %s %s, %s* %%n%d", t.name, x, t.name, id)
}

// val is the operand of n and its ltype.
func (e *fnEmitter) val(n ir.Node) (string, *ltype) {
	t := e.typeOf(n)
	switch n := n.(type) {
	case *ir.Constant:
		switch v := n.Value.(type) {
		case int64:
			return strconv.FormatInt(v, 10), t
		case ir.EnvKey:
			return strconv.FormatInt(int64(v), 10), t
		case float64:
			return fmt.Sprintf("0x%016X", math.Float64bits(v)), t
		case bool:
			return strconv.FormatBool(v), t
		case ir.UndefinedType:
			return zero(t), t // never read (ir.Check guards it)
		case *ir.Graph:
			if t.kind == kClosure {
				fv := e.M.FreeVariables(v)
				if !e.Visible(e.host, fv) {
					refuse(e.posOf(n), "a closure (%s) whose free variables are out of reach", plan.ShortName(v))
				}
				parts := make([]string, len(fv))
				for i, w := range fv {
					x, tw := e.val(w)
					parts[i] = e.conv(e.posOf(n), x, tw, t.elems[i])
				}
				return e.tupleLit(t, parts), t
			}
		}
		if t.kind == kTuple || t.kind == kClosure || t.kind == kSlice || t.kind == kRange {
			return "zeroinitializer", t
		}
		return "0", t
	case *ir.Apply:
		if ir.IsApplyOf(n, ir.Depend) {
			return e.val(n.Inputs[1])
		}
		if plan.NoValue(n) {
			if t.kind == kFnTag && ir.IsApplyOf(n, ir.Switch) {
				// One of two functions without data used as a value: a tag.
				cond, ct := e.val(n.Inputs[1])
				c := e.truthOf(e.posOf(n), cond, ct)
				x, y := e.arg(n.Inputs[2], t), e.arg(n.Inputs[3], t)
				return e.def("select i1 %s, i64 %s, i64 %s", c, x, y), t
			}
			if t.kind == kUnion && ir.IsApplyOf(n, ir.Switch) {
				// One of two functions used as a value: the chosen one
				// boxed, held by a slot of the function.
				return e.switchValue(n, t), t
			}
			return "0", t
		}
	}
	return e.def("load %s, %s* %%n%d", t.name, t.name, n.ID()), t
}

// switchValue is switch(c, f, g) used as a value of the union t (not
// only called): the chosen function boxed, held by an owned slot.
func (e *fnEmitter) switchValue(n *ir.Apply, t *ltype) string {
	pos := e.posOf(n)
	cond, ct := e.val(n.Inputs[1])
	c := e.truthOf(pos, cond, ct)
	id := e.ownedTemp(t)
	then, els, join := e.newLabel(), e.newLabel(), e.newLabel()
	e.term("br i1 %s, label %%%s, label %%%s", c, then, els)
	for i, br := range n.Inputs[2:4] {
		e.label([]string{then, els}[i])
		x, tx := e.val(br)
		e.put(id, t, e.conv(pos, x, tx, t), false)
		e.term("br label %%%s", join)
	}
	e.label(join)
	return e.def("load %s, %s* %%n%d", t.name, t.name, id)
}

// conv converts x of ltype from to ltype to.
func (e *fnEmitter) conv(pos ir.Pos, x string, from, to *ltype) string {
	if from.key == to.key {
		return x
	}
	if from.key == plan.NeverKey {
		return zero(to) // never runs
	}
	switch to.kind {
	case kUnit:
		if from.kind == kUnit {
			return "0"
		}
	case kFloat:
		switch from.kind {
		case kInt:
			return e.def("sitofp i64 %s to double", x)
		case kBool:
			return e.def("uitofp i1 %s to double", x)
		}
	case kInt:
		if from.kind == kBool {
			return e.def("zext i1 %s to i64", x)
		}
	case kList:
		if from.kind == kTuple && from.list {
			return e.listOf(pos, x, from, to)
		}
		if from.kind == kList {
			return e.listConv(pos, x, from, to)
		}
	case kStr:
		if from.str != nil {
			return e.cstring(*from.str)
		}
	case kEnv:
		return e.convEnv(pos, x, from, to, plan.NoKey)
	case kOptional:
		return e.toOptional(pos, x, from, to)
	case kUnion:
		if from.graph != nil {
			if i := unionTag(to, from.graph); i >= 0 && to.elems[i].key == from.key {
				return e.toUnion(x, to, i)
			}
		}
		if from.kind == kUnion {
			if v, ok := e.widenUnion(x, from, to); ok {
				return v
			}
		}
		if from.isPrim {
			if i := tagIndex(to, from); i >= 0 {
				return e.toUnion("0", to, i)
			}
		}
	case kFnTag:
		if v, ok := e.toTag(x, from, to); ok {
			return v
		}
	case kTuple:
		if from.kind == kTuple && len(from.elems) == len(to.elems) && from.list == to.list {
			parts := make([]string, len(to.elems))
			for i := range to.elems {
				parts[i] = e.conv(pos, e.field(x, from, i), from.elems[i], to.elems[i])
			}
			return e.tupleLit(to, parts)
		}
	}
	refuse(pos, "a %s where a %s is expected", from, to)
	return ""
}

// toUnion is x (a value of the member i of the union t) boxed: a new
// record on the heap, held by an owned slot of the function so that the
// operand is borrowed like every other.
func (e *fnEmitter) toUnion(x string, t *ltype, i int) string {
	r := e.def("call i8* %s(%s %s)", e.unionMaker(t, i), t.elems[i].name, x)
	e.put(e.ownedTemp(t), t, r, true)
	return r
}

// widenUnion is x, a union, as a value of the union to whose members
// include each of x's (the backpropagators a loop's tape holds, one of
// two at one step and one of three at the next): each member's value
// boxed again with its tag in to. ok is false if a member of from is
// not one of to's.
func (e *fnEmitter) widenUnion(x string, from, to *ltype) (string, bool) {
	idx := plan.MemberMap(from.elems, to.elems, func(t *ltype) string { return t.key })
	if idx == nil {
		return "", false
	}
	tag := e.def("load i64, i64* %s", e.recField(e.def("bitcast i8* %s to %s*", x, from.rec), from, recTag))
	v := e.boxByTag(tag, len(idx), func(i int) string {
		return e.def("call i8* %s(%s %s)", e.unionMaker(to, idx[i]), to.elems[idx[i]].name, e.member(x, from, i))
	})
	e.put(e.ownedTemp(to), to, v, true)
	return v, true
}

// unionName is the name of the LLVM functions of the union t: its
// record's name without the %.
func unionName(t *ltype) string { return "myia_" + strings.TrimPrefix(t.rec, "%") }

// unionMaker is the function that boxes the member i of the union t: a
// reference-counted record (rt.inc's myia_box) that retains what the
// member holds, so that a union may hold itself (a backpropagator
// capturing the one of the previous iteration). Its drop function
// releases the live member.
func (e *fnEmitter) unionMaker(t *ltype, i int) string {
	drop := "@" + unionName(t) + "_drop"
	if !e.printers[drop] {
		e.printers[drop] = true
		var b, body strings.Builder
		p := &fnEmitter{gen: e.gen, b: &body, cur: e.cur, open: true}
		fmt.Fprintf(&b, "\ndefine internal void %s(i8* %%h) {\nentry:\n", drop)
		r := p.def("bitcast i8* %%h to %s*", t.rec)
		tag := p.def("load i64, i64* %s", p.recField(r, t, recTag))
		done := p.newLabel()
		var cases []string
		var labels []string
		var members []int
		for j, el := range t.elems {
			if el.hasArrays() {
				l := p.newLabel()
				cases = append(cases, fmt.Sprintf("i64 %d, label %%%s", j, l))
				labels = append(labels, l)
				members = append(members, j)
			}
		}
		p.term("switch i64 %s, label %%%s [ %s ]", tag, done, strings.Join(cases, " "))
		for k, j := range members {
			el := t.elems[j]
			p.label(labels[k])
			v := p.def("load %s, %s* %s", el.name, el.name, p.recField(r, t, recMember+j))
			p.refOp(el, v, "release")
			p.term("br label %%%s", done)
		}
		p.label(done)
		p.term("ret void")
		b.WriteString(body.String())
		b.WriteString("}\n")
		e.printDefs.WriteString(b.String())
	}
	name := fmt.Sprintf("@%s_mk%d", unionName(t), i)
	if !e.printers[name] {
		e.printers[name] = true
		el := t.elems[i]
		e.declare("myia_box_new", "i8* @myia_box_new(i64, void (i8*)*)")
		var b, body strings.Builder
		p := &fnEmitter{gen: e.gen, b: &body, cur: e.cur, open: true}
		fmt.Fprintf(&b, "\ndefine internal i8* %s(%s %%m) {\nentry:\n", name, el.name)
		size := fmt.Sprintf("ptrtoint (%s* getelementptr (%s, %s* null, i32 1) to i64)", t.rec, t.rec, t.rec)
		h := p.def("call i8* @myia_box_new(i64 %s, void (i8*)* %s)", size, drop)
		if el.hasArrays() {
			p.refOp(el, "%m", "retain")
		}
		r := p.def("bitcast i8* %s to %s*", h, t.rec)
		p.inst("store i64 %d, i64* %s", i, p.recField(r, t, recTag))
		p.inst("store %s %%m, %s* %s", el.name, el.name, p.recField(r, t, recMember+i))
		p.term("ret i8* %s", h)
		b.WriteString(body.String())
		b.WriteString("}\n")
		e.printDefs.WriteString(b.String())
	}
	return name
}

// unionTag is the tag of graph g in the union type t, or -1.
func unionTag(t *ltype, g *ir.Graph) int {
	for i, el := range t.elems {
		if el.graph == g {
			return i
		}
	}
	return -1
}

// member is the value of the member i of the union x (a record) of
// ltype t.
func (e *fnEmitter) member(x string, t *ltype, i int) string {
	el := t.elems[i]
	r := e.def("bitcast i8* %s to %s*", x, t.rec)
	return e.def("load %s, %s* %s", el.name, el.name, e.recField(r, t, recMember+i))
}

// The fields of a record of a union (%uN): rt.inc's myia_box, the tag,
// then each member's value.
const (
	recTag    = 1
	recMember = 2
)

// boxType is rt.inc's myia_box, which starts every record: its count,
// its drop function and a word the runtime keeps (a size class, or the
// next free record). Build checks its size against the runtime's.
const (
	boxType = "%myia_box = type { i64, void (i8*)*, i64 }"
	boxSize = 24
)

// recField is a pointer to field f of the record r (a %uN*) of the union t.
func (e *fnEmitter) recField(r string, t *ltype, f int) string {
	return e.def("getelementptr %s, %s* %s, i32 0, i32 %d", t.rec, t.rec, r, f)
}

// field is element i of the tuple x of ltype t.
func (e *fnEmitter) field(x string, t *ltype, i int) string {
	return e.def("extractvalue %s %s, %d", t.name, x, i)
}

func (e *fnEmitter) tupleLit(t *ltype, parts []string) string {
	x := "undef"
	if len(parts) == 0 {
		return "zeroinitializer"
	}
	for i, p := range parts {
		x = e.def("insertvalue %s %s, %s %s, %d", t.name, x, t.elems[i].name, p, i)
	}
	return x
}

// arg is the operand of n converted to t.
func (e *fnEmitter) arg(n ir.Node, t *ltype) string {
	x, from := e.val(n)
	return e.conv(n.Pos(), x, from, t)
}

// graph writes k's code: its label, its applications, its return.
func (e *fnEmitter) graph(k *ir.Graph) {
	e.cur = k
	if k != e.host {
		fmt.Fprintf(e.b, "; %s\n", k.Name)
		e.label(fmt.Sprintf("blk_%d", k.ID()))
	}
	nodes := e.Nodes[k]
	out := k.Output()
	last := e.lastUses(k, nodes)
	for i, a := range nodes[:len(nodes)-1] {
		if e.apply(k, a, a == out) {
			return
		}
		for _, v := range last[i] {
			// Its last use: free the arrays now (a loop stores it again).
			t := e.typeOf(v)
			e.refOp(t, e.def("load %s, %s* %%n%d", t.name, t.name, v.ID()), "release")
			e.store(v.ID(), t, "zeroinitializer")
		}
	}
	x, t := e.val(out)
	e.ret(k, out.Pos(), x, t)
}

// lastUses maps the index of an application of k to the slots holding
// arrays whose last use it is (as backend/cgo's).
func (e *fnEmitter) lastUses(k *ir.Graph, nodes []*ir.Apply) map[int][]ir.Node {
	index := map[*ir.Apply]int{}
	for i, a := range nodes[:len(nodes)-1] {
		index[a] = i
	}
	out := map[int][]ir.Node{}
	consider := func(v ir.Node) {
		if v.Graph() != k {
			return
		}
		if a, ok := v.(*ir.Apply); ok && (plan.NoValue(a) || ir.IsApplyOf(a, ir.Depend)) {
			return
		}
		if !e.typeOf(v).hasArrays() || e.M.IsDefault(v) {
			return // no arrays, or a default value (read where no use says)
		}
		lastIdx := -1
		for _, u := range e.M.Users(v) {
			i, ok := index[u.User]
			if !ok || u.User == k.Output() || ir.IsApplyOf(u.User, ir.Depend) || ir.IsApplyOf(u.User, ir.Switch) || fusedTranspose(e.M, u.User) {
				return
			}
			if c, ok := e.Calls[u.User]; ok && c.Kind != plan.PrimCall && u.Index == 0 {
				return
			}
			lastIdx = max(lastIdx, i)
		}
		if lastIdx >= 0 {
			out[lastIdx] = append(out[lastIdx], v)
		}
	}
	for _, p := range k.Params {
		consider(p)
	}
	for _, a := range nodes[:len(nodes)-1] {
		consider(a)
	}
	return out
}

// ret returns x from graph k: to its continuation.
func (e *fnEmitter) ret(k *ir.Graph, pos ir.Pos, x string, t *ltype) {
	c := e.Cont[k]
	if c == nil {
		r := e.conv(pos, x, t, e.res)
		e.refOp(e.res, r, "retain")
		e.inst("store %s %s, %s* %%myia_r", e.res.name, r, e.res.name)
		e.term("br label %%done")
		return
	}
	ct := e.typeOf(c)
	e.put(c.ID(), ct, e.conv(pos, x, t, ct), false)
	e.term("br label %%ret_%d", c.ID())
}

// apply writes a; it reports whether a ended k's code (a tail call).
func (e *fnEmitter) apply(k *ir.Graph, a *ir.Apply, tail bool) bool {
	if plan.NoValue(a) || ir.IsApplyOf(a, ir.Depend) {
		return false
	}
	c := e.Calls[a]
	switch c.Kind {
	case plan.PrimCall:
		lower, ok := lowerings[c.Prim]
		if !ok {
			refuse(a.Pos(), "the primitive %s is not supported by the LLVM backend yet", c.Prim)
		}
		res := e.typeOf(a)
		e.isOwned = false
		x := lower(e, a, res, a.Args())
		e.put(a.ID(), res, x, e.isOwned)
		e.isOwned = false
		return false
	case plan.GraphCall:
		if c.ViaValue && c.FnNode != nil && e.typeOf(c.FnNode).kind == kUnion {
			// A closure that captures itself (boxed): a union of one graph.
			c.Gs = []*ir.Graph{c.G}
			e.callMulti(k, a, c, tail)
			return tail
		}
		e.call(k, a, c.G, tail)
		if !tail {
			e.label(fmt.Sprintf("ret_%d", a.ID()))
		}
		return tail
	case plan.SwitchCall:
		cond, ct := e.val(c.Cond)
		then, els, join := e.newLabel(), e.newLabel(), e.newLabel()
		e.term("br i1 %s, label %%%s, label %%%s", e.truthOf(a.Pos(), cond, ct), then, els)
		e.label(then)
		e.call(k, a, c.Then, tail)
		if e.open {
			e.term("br label %%%s", join)
		}
		e.label(els)
		e.call(k, a, c.Els, tail)
		if e.open {
			e.term("br label %%%s", join)
		}
		e.label(join)
		if tail {
			e.term("unreachable")
			return true
		}
		e.label(fmt.Sprintf("ret_%d", a.ID()))
		return false
	case plan.MultiCall:
		if e.typeOf(c.FnNode).kind == kFnTag {
			e.callTag(k, a, c, tail)
			return tail
		}
		e.callMulti(k, a, c, tail)
		return tail
	}
	return false
}

// callMulti writes a call of a function value that may be one of several
// graphs: a switch on its tag, each case calling its graph with the
// arguments converted to its parameters' types and the free variables
// the value holds for it, and converting its result to the call's type.
func (e *fnEmitter) callMulti(k *ir.Graph, a *ir.Apply, c plan.Call, tail bool) {
	f, ft := e.val(c.FnNode)
	if ft.kind != kUnion || len(ft.elems) != len(c.Gs)+len(c.Prims) {
		refuse(a.Pos(), "a call of a function value of type %s", ft)
	}
	args := a.Args()
	for i, t := range c.Gs {
		if _, ok := plan.MemberArgs(e.M, a, t); !ok {
			refuse(a.Pos(), "a call of %s with %d arguments, want %d", plan.ShortName(t), len(args), len(t.Params))
		}
		el := ft.elems[i]
		if el.graph != t {
			refuse(a.Pos(), "a call of a function value of type %s", ft)
		}
		if fv := e.M.FreeVariables(t); len(fv) > 0 && (el.kind != kClosure || len(el.elems) != len(fv)) {
			refuse(a.Pos(), "a call of a closure of type %s", el)
		}
	}
	s := e.site(a.Pos(), k)
	leaf := e.Leaf(c.Gs...)
	// With primitives (applied inline, after the graphs), each call of
	// a graph is counted by itself.
	perCase := len(c.Prims) > 0
	if !perCase {
		e.enter(s, leaf)
	}
	tag := e.def("load i64, i64* %s", e.recField(e.def("bitcast i8* %s to %s*", f, ft.rec), ft, recTag))
	labels := make([]string, len(ft.elems))
	var cases []string
	for i := range ft.elems {
		labels[i] = e.newLabel()
		if i < len(ft.elems)-1 {
			cases = append(cases, fmt.Sprintf("i64 %d, label %%%s", i, labels[i]))
		}
	}
	join := e.newLabel()
	e.term("switch i64 %s, label %%%s [ %s ]", tag, labels[len(ft.elems)-1], strings.Join(cases, " "))
	for i, el := range ft.elems[len(c.Gs):] {
		e.label(labels[len(c.Gs)+i])
		if !el.isPrim {
			refuse(a.Pos(), "a call of a function value of type %s", ft)
		}
		e.applyPrim(a, el.prim, e.typeOf(a), args)
		e.term("br label %%%s", join)
	}
	for i, t := range c.Gs {
		e.label(labels[i])
		if perCase {
			e.enter(s, leaf)
		}
		parts := []string{"%myia_ctx* %ctx"}
		el, m := ft.elems[i], ""
		closure := el.kind == kClosure && len(e.M.FreeVariables(t)) > 0
		if closure {
			m = e.member(f, ft, i)
		}
		targs, _ := plan.MemberArgs(e.M, a, t)
		for j, x := range targs {
			pt := e.typeOf(t.Params[j])
			if k := plan.DefaultField(e.M, t, x); closure && j >= len(args) && k >= 0 {
				// A default computed where the def stands: the closure holds it.
				parts = append(parts, pt.name+" "+e.conv(a.Pos(), e.field(m, el, k), el.elems[k], pt))
				continue
			}
			parts = append(parts, pt.name+" "+e.arg(x, pt))
		}
		if closure {
			for j, fe := range el.elems {
				parts = append(parts, fe.name+" "+e.field(m, el, j))
			}
		}
		rt := e.typeOf(t.Output())
		r := e.def("call %s @f%d(%s)", rt.name, t.ID(), strings.Join(parts, ", "))
		e.leave(s, leaf)
		e.callInto(a, r, rt)
		e.term("br label %%%s", join)
	}
	e.label(join)
	if tail {
		at := e.typeOf(a)
		e.ret(k, a.Pos(), e.def("load %s, %s* %%n%d", at.name, at.name, a.ID()), at)
		return
	}
	e.label(fmt.Sprintf("ret_%d", a.ID()))
}

// enter counts a call at site s, failing when the depth limit or the end
// of the native stack is reached; a call of a leaf function is not
// counted.
func (e *fnEmitter) enter(s int, leaf bool) {
	if leaf {
		return // a call of a leaf function cannot recurse (plan.Leaf)
	}
	deep := e.def("call i1 @myia_enter(%%myia_ctx* %%ctx)")
	over, ok := e.newLabel(), e.newLabel()
	e.term("br i1 %s, label %%%s, label %%%s, !prof !0", deep, over, ok)
	e.label(over)
	e.inst("call void @myia_depth(%%myia_ctx* %%ctx, i32 %d)", s)
	e.term("br label %%fail")
	e.label(ok)
}

// leave uncounts a call at site s (entered with the same leaf), failing
// (with a trace) when it raised an error.
func (e *fnEmitter) leave(s int, leaf bool) {
	check := "myia_leave"
	if leaf {
		check = "myia_raised"
	}
	bad := e.def("call i1 @%s(%%myia_ctx* %%ctx)", check)
	raised, fine := e.newLabel(), e.newLabel()
	e.term("br i1 %s, label %%%s, label %%%s, !prof !0", bad, raised, fine)
	e.label(raised)
	e.inst("call void @myia_trace(%%myia_ctx* %%ctx, i32 %d)", s)
	e.term("br label %%fail")
	e.label(fine)
}

// callInto sets a's slot to r, the result of a call: a new reference to
// a value of ltype out; it returns the slot's value. A value of another
// type is converted: a conversion may box it (a new record), so the slot
// takes its own references and the call's are dropped.
func (e *fnEmitter) callInto(a *ir.Apply, r string, out *ltype) string {
	at := e.typeOf(a)
	if out.key == at.key {
		e.put(a.ID(), at, r, true)
		return r
	}
	if out.kind == kArray && at.kind == kArray && out.dtype < at.dtype {
		// An int (bool) array where the call, of a function value that
		// may be several functions, joins their results to a float
		// (int) array: numpy's astype, as the VM's mul(x, 1.0) after
		// the call.
		v := e.rcall("myia_astype", e.ctxArg(), "i8* "+r, fmt.Sprintf("i32 %d", at.dtype), e.siteArg(a.Pos()))
		e.refOp(out, r, "release")
		e.failIf(e.def("icmp eq i8* %s, null", v))
		e.put(a.ID(), at, v, true)
		return v
	}
	v := e.conv(a.Pos(), r, out, at)
	e.put(a.ID(), at, v, false)
	if out.hasArrays() {
		e.refOp(out, r, "release")
	}
	return v
}

// call writes a call of graph t at a, in k.
func (e *fnEmitter) call(k *ir.Graph, a *ir.Apply, t *ir.Graph, tail bool) {
	args := a.Args()
	if len(args) < len(t.Params) {
		first := len(t.Params) - len(t.Defaults)
		if len(args) < first {
			refuse(a.Pos(), "a call of %s with %d arguments, want %d", plan.ShortName(t), len(args), len(t.Params))
		}
		args = append(append([]ir.Node(nil), args...), t.Defaults[len(args)-first:]...)
	}
	if len(args) != len(t.Params) {
		refuse(a.Pos(), "a call of %s with %d arguments, want %d", plan.ShortName(t), len(args), len(t.Params))
	}
	if !e.Fn[t] {
		e.assign(t.Params, args)
		e.term("br label %%blk_%d", t.ID())
		return
	}
	if tail && t == e.host && e.Cont[k] == nil {
		e.assign(t.Params, args)
		e.term("br label %%top")
		return
	}
	parts := []string{"%myia_ctx* %ctx"}
	if c := e.Calls[a]; c.ViaValue && len(e.M.FreeVariables(t)) > 0 {
		// A closure: its free variables are the fields of the value, and
		// so are the defaults computed where its def stands.
		f, ft := e.val(c.FnNode)
		if ft.kind != kClosure || len(ft.elems) != len(e.M.FreeVariables(t)) {
			refuse(a.Pos(), "a call of a closure of type %s", ft)
		}
		for i, x := range args {
			pt := e.typeOf(t.Params[i])
			if k := plan.DefaultField(e.M, t, x); i >= len(a.Args()) && k >= 0 {
				parts = append(parts, pt.name+" "+e.conv(a.Pos(), e.field(f, ft, k), ft.elems[k], pt))
				continue
			}
			parts = append(parts, pt.name+" "+e.arg(x, pt))
		}
		for i, el := range ft.elems {
			parts = append(parts, el.name+" "+e.field(f, ft, i))
		}
	} else {
		for i, x := range args {
			pt := e.typeOf(t.Params[i])
			parts = append(parts, pt.name+" "+e.arg(x, pt))
		}
		for _, v := range e.M.FreeVariables(t) {
			vt := e.typeOf(v)
			parts = append(parts, vt.name+" "+e.def("load %s, %s* %%n%d", vt.name, vt.name, v.ID()))
		}
	}
	s := e.site(a.Pos(), k)
	e.enter(s, e.Leaf(t))
	rt := e.typeOf(t.Output())
	r := e.def("call %s @f%d(%s)", rt.name, t.ID(), strings.Join(parts, ", "))
	e.leave(s, e.Leaf(t))
	// r is a new reference: the slot of a keeps it (released when the
	// function ends or is stored again); ret retains what it returns.
	r = e.callInto(a, r, rt)
	if tail {
		e.ret(k, a.Pos(), r, e.typeOf(a))
	}
}

// assign sets the parameters of a block to args, all at once.
func (e *fnEmitter) assign(params []*ir.Parameter, args []ir.Node) {
	vals := make([]string, len(params))
	for i, p := range params {
		vals[i] = e.arg(args[i], e.typeOf(p))
		if t := e.typeOf(p); t.hasArrays() {
			e.refOp(t, vals[i], "retain")
		}
	}
	for i, p := range params {
		e.put(p.ID(), e.typeOf(p), vals[i], true)
	}
}

// truth is Python's bool(x) of a value of ltype t, an i1 operand.
func (e *fnEmitter) truth(x string, t *ltype) string {
	switch t.kind {
	case kBool:
		return x
	case kInt:
		return e.def("icmp ne i64 %s, 0", x)
	case kFloat:
		return e.def("fcmp une double %s, 0.0", x)
	case kTuple:
		return strconv.FormatBool(len(t.elems) > 0)
	case kList:
		return e.def("icmp ne i64 %s, 0", e.listLen(x))
	case kStr:
		return e.def("icmp ne i8 %s, 0", e.def("load i8, i8* %s", x))
	case kOptional:
		return e.optionalTruth(x, t)
	case kRange:
		start, stop, step := e.rangeFields(x)
		up := e.def("icmp slt i64 %s, %s", start, stop)
		down := e.def("icmp sgt i64 %s, %s", start, stop)
		return e.def("select i1 %s, i1 %s, i1 %s", e.def("icmp sgt i64 %s, 0", step), up, down)
	}
	if t.none {
		return "false"
	}
	if t.str != nil {
		return strconv.FormatBool(*t.str != "")
	}
	return "true" // a function
}

// entryWrapper writes myia_entry, which the loader calls: the arguments
// and the result as arrays of 64-bit words (tuples flattened).
func (g *gen) entryWrapper(b *strings.Builder, entry *ir.Graph, params []*ltype, result *ltype) {
	e := &fnEmitter{gen: g, host: entry, b: b, res: result, cur: entry}
	b.WriteString("\ndefine i32 @myia_entry(%myia_ctx* %ctx, i64* %in, i64* %out) {\nentry:\n")
	e.open = true
	slot := 0
	args := []string{"%myia_ctx* %ctx"}
	var vals []string
	for _, t := range params {
		v := e.unpack(t, &slot)
		vals = append(vals, v)
		args = append(args, t.name+" "+v)
	}
	errSet := func() string {
		ep := e.def("getelementptr %%myia_ctx, %%myia_ctx* %%ctx, i32 0, i32 %d", ctxErr)
		err := e.def("load i32, i32* %s", ep)
		return e.def("icmp ne i32 %s, 0", err)
	}
	releaseArgs := func() {
		for i, t := range params {
			if t.hasArrays() {
				e.refOp(t, vals[i], "release")
			}
		}
	}
	if len(e.importSlots) > 0 {
		// An argument could not be copied: release the others (null is
		// a no-op) and fail.
		bad := errSet()
		fail, ok := e.newLabel(), e.newLabel()
		e.term("br i1 %s, label %%%s, label %%%s", bad, fail, ok)
		e.label(fail)
		releaseArgs()
		e.term("ret i32 1")
		e.label(ok)
	}
	r := e.def("call %s @f%d(%s)", result.name, entry.ID(), strings.Join(args, ", "))
	releaseArgs()
	bad := errSet()
	fail, ok := e.newLabel(), e.newLabel()
	e.term("br i1 %s, label %%%s, label %%%s", bad, fail, ok)
	e.label(fail)
	e.term("ret i32 1")
	e.label(ok)
	slot = 0
	e.pack(r, result, &slot)
	if result.hasArrays() {
		e.refOp(result, r, "release") // each slot holds a reference of its own
	}
	e.term("ret i32 0")
	b.WriteString("}\n\n!0 = !{!\"branch_weights\", i32 1, i32 2000}\n")
}

func (e *fnEmitter) unpack(t *ltype, slot *int) string {
	load := func() string {
		p := e.def("getelementptr i64, i64* %%in, i64 %d", *slot)
		*slot++
		return e.def("load i64, i64* %s", p)
	}
	switch t.kind {
	case kArray:
		p := e.def("inttoptr i64 %s to i8*", load())
		e.importSlots = append(e.importSlots, p)
		return e.rcall("myia_import", e.ctxArg(), "i8* "+p, fmt.Sprintf("i32 %d", e.site(e.host.Pos, e.host)))
	case kBool:
		return e.def("icmp ne i64 %s, 0", load())
	case kInt:
		return load()
	case kFloat:
		return e.def("bitcast i64 %s to double", load())
	case kTuple:
		parts := make([]string, len(t.elems))
		for i, el := range t.elems {
			parts[i] = e.unpack(el, slot)
		}
		return e.tupleLit(t, parts)
	}
	return "0"
}

func (e *fnEmitter) pack(x string, t *ltype, slot *int) {
	put := func(v string) {
		p := e.def("getelementptr i64, i64* %%out, i64 %d", *slot)
		*slot++
		e.inst("store i64 %s, i64* %s", v, p)
	}
	switch t.kind {
	case kArray:
		e.refOp(t, x, "retain")
		put(e.def("ptrtoint i8* %s to i64", x))
	case kBool:
		put(e.def("zext i1 %s to i64", x))
	case kInt:
		put(x)
	case kFloat:
		put(e.def("bitcast double %s to i64", x))
	case kTuple:
		for i, el := range t.elems {
			e.pack(e.field(x, t, i), el, slot)
		}
	}
}
