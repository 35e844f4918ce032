package cgo

import (
	"fmt"
	"strings"

	"github.com/myia/myia/ir"
)

// Lists whose length inference does not know (a list grown in a loop):
// myia_list * (rt.inc), reference counted, immutable; each operation
// that changes one makes a new list. Lists of known length are structs,
// as tuples (types.go).

func init() {
	lowerings[ir.GetItem] = onList(lowerings[ir.GetItem], lowerListGetItem)
	lowerings[ir.Len] = onList(lowerings[ir.Len], func(e *fnEmitter, a *ir.Apply, dst string, res *ctype, args []ir.Node) {
		x, _ := e.val(args[0])
		e.line("%s = %s->len;", dst, x)
	})
	lowerings[ir.Add] = onListRes(lowerings[ir.Add], lowerListConcat)
	lowerings[ir.Mul] = onListRes(lowerings[ir.Mul], lowerListRepeat)
	lowerings[ir.Slice] = onList(onListRes(lowerings[ir.Slice], lowerListSlice), lowerListSlice)
	lowerings[ir.SplitLike] = onListRes(lowerings[ir.SplitLike], lowerListSplitLike)
	lowerings[ir.TupleSetItem] = onList(lowerings[ir.TupleSetItem], lowerListSetItem)
	lowerings[ir.Contains] = onList(lowerings[ir.Contains], lowerListContains)
	lowerings[ir.IsSeq] = onList(lowerings[ir.IsSeq], func(e *fnEmitter, a *ir.Apply, dst string, res *ctype, args []ir.Node) {
		e.line("%s = 1;", dst)
	})
	lowerings[ir.ZerosLike] = onList(lowerings[ir.ZerosLike], lowerListZerosLike)
	lowerings[ir.ListPush] = lowerListPush
	for _, p := range []ir.Prim{ir.Eq, ir.Ne} {
		lowerings[p] = onEitherList(lowerings[p], lowerListEq(p))
	}
}

// onEitherList is list when either argument is a myia_list, else other.
func onEitherList(other, list lowering) lowering {
	return func(e *fnEmitter, a *ir.Apply, dst string, res *ctype, args []ir.Node) {
		_, tx := e.val(args[0])
		_, ty := e.val(args[1])
		if tx.kind == kList || ty.kind == kList {
			list(e, a, dst, res, args)
			return
		}
		other(e, a, dst, res, args)
	}
}

// lowerListEq is l == m or l != m (p) of lists, one of them a myia_list
// (xs == [] with xs grown in a loop): the lengths, then the elements.
func lowerListEq(p ir.Prim) lowering {
	return func(e *fnEmitter, a *ir.Apply, dst string, res *ctype, args []ir.Node) {
		pos := a.Pos()
		x, tx := e.val(args[0])
		y, ty := e.val(args[1])
		if tx.kind != kList {
			x, tx, y, ty = y, ty, x, tx
		}
		neg := ""
		if p == ir.Ne {
			neg = "!"
		}
		if ty.kind != kList {
			// A list of known length: a struct, its elements inline.
			if ty.kind != kTuple || !ty.list {
				refuse(pos, "%s of a %s and a %s", p, tx, ty)
			}
			parts := []string{fmt.Sprintf("%s->len == %d", x, len(ty.elems))}
			for i, el := range ty.elems {
				parts = append(parts, e.compare(pos, ir.Eq, fmt.Sprintf("%s[%d]", elems(x, tx), i), tx.elems[0], fmt.Sprintf("%s.f%d", y, i), el))
			}
			e.line("%s = %s(%s);", dst, neg, strings.Join(parts, " && "))
			return
		}
		c := e.compare(pos, ir.Eq, elems(x, tx)+"[k]", tx.elems[0], elems(y, ty)+"[k]", ty.elems[0])
		e.line("{ int r = %s->len == %s->len; for (int64_t k = 0; r && k < %s->len; k++) r = %s; %s = %sr; }", x, y, x, c, dst, neg)
	}
}

func onList(other, list lowering) lowering {
	return func(e *fnEmitter, a *ir.Apply, dst string, res *ctype, args []ir.Node) {
		if _, t := e.val(args[0]); t.kind == kList {
			list(e, a, dst, res, args)
			return
		}
		other(e, a, dst, res, args)
	}
}

func onListRes(other, list lowering) lowering {
	return func(e *fnEmitter, a *ir.Apply, dst string, res *ctype, args []ir.Node) {
		if res.kind == kList {
			list(e, a, dst, res, args)
			return
		}
		other(e, a, dst, res, args)
	}
}

// elems is the C array of the elements of list x of ctype t.
func elems(x string, t *ctype) string {
	return fmt.Sprintf("((%s *)MYIA_LDATA(%s))", t.elems[0].name, x)
}

// dropFn is the function that releases the elements of lists of ctype t
// ("0" when they hold no references); retainFn the one that takes
// references to them.
func (g *gen) dropFn(t *ctype) string   { return g.elemsFn(t, "drop", "release") }
func (g *gen) retainFn(t *ctype) string { return g.elemsFn(t, "retain", "retain") }

func (g *gen) elemsFn(t *ctype, what, op string) string {
	el := t.elems[0]
	if !el.hasArrays() {
		return "0"
	}
	if g.listHelpers == nil {
		g.listHelpers = map[string]string{}
	}
	key := what + ":" + t.key
	if n, ok := g.listHelpers[key]; ok {
		return n
	}
	name := fmt.Sprintf("myia_l%s_%d", what, len(g.listHelpers))
	g.listHelpers[key] = name
	fmt.Fprintf(&g.helperDefs, "static void %s(void *p, int64_t n) {\n\t%s *v = p;\n\tfor (int64_t k = 0; k < n; k++) { %s }\n}\n", name, el.name, g.refOp(el, "v[k]", op))
	return name
}

// lowerListPush appends in place, growing the list with myia_list_grow
// when it is not a tape yet or is full: only loop reversal
// (opt/reverse.go) pushes, to a tape nothing reads until it is made.
func lowerListPush(e *fnEmitter, a *ir.Apply, dst string, res *ctype, args []ir.Node) {
	if res.kind != kList {
		refuse(a.Pos(), "list_push giving a %s", res)
	}
	x := e.asList(args[0], res)
	el := res.elems[0]
	v := e.arg(args[1], el)
	// The fast path inline: the element stored where it goes, no call.
	e.line("if (MYIA_UNLIKELY(%s->data == (void *)(%s + 1) || %s->len == %s->cap)) %s = myia_list_grow(%s, sizeof(%s), %s); else { %s = %s; %s->rc++; }",
		x, x, x, x, dst, x, el.name, e.retainFn(res), dst, x, dst)
	e.line("((%s *)%s->data)[%s->len] = %s; %s->len++;", el.name, dst, dst, v, dst)
	if el.hasArrays() {
		e.line("%s", e.retain(el, fmt.Sprintf("((%s *)%s->data)[%s->len - 1]", el.name, dst, dst)))
	}
	e.isOwned = true
}

// newList makes dst a new list of ctype t of n elements (a C
// expression), to be filled.
func (e *fnEmitter) newList(dst string, t *ctype, n string) {
	e.line("%s = myia_list_new(%s, sizeof(%s), %s);", dst, n, t.elems[0].name, e.dropFn(t))
}

// listOf converts x, a list of known length (a struct) of ctype from, to
// a myia_list of ctype to, held by a temporary of the function.
func (e *fnEmitter) listOf(pos ir.Pos, x string, from, to *ctype) string {
	el := to.elems[0]
	tmp := e.ownedTemp(to)
	e.line("%s", e.release(to, tmp))
	e.newList(tmp, to, fmt.Sprint(len(from.elems)))
	for i, fe := range from.elems {
		v := e.conv(pos, fmt.Sprintf("%s.f%d", x, i), fe, el)
		e.line("%s[%d] = %s; %s", elems(tmp, to), i, v, e.retain(el, fmt.Sprintf("%s[%d]", elems(tmp, to), i)))
	}
	return tmp
}

func lowerListGetItem(e *fnEmitter, a *ir.Apply, dst string, res *ctype, args []ir.Node) {
	x, t := e.val(args[0])
	i, ti := e.val(args[1])
	if !isIntLike(ti) {
		refuse(a.Pos(), "a list index of type %s", ti)
	}
	v := e.temp("li")
	e.line("int64_t %s = myia_list_index(ctx, %s, %s, %d); if (%s < 0) goto fail;", v, x, i, e.site(a.Pos(), e.cur), v)
	e.line("%s = %s;", dst, e.conv(a.Pos(), fmt.Sprintf("%s[%s]", elems(x, t), v), t.elems[0], res))
}

// listConv converts x, a myia_list of ctype from, to a new myia_list
// of ctype to, element by element (the zero sensitivities of a list of
// (float, int) pairs, list[tuple[float, int]], where the sensitivity
// is a list[tuple[float, float]]), held by a temporary of the function.
func (e *fnEmitter) listConv(pos ir.Pos, x string, from, to *ctype) string {
	el := to.elems[0]
	tmp := e.ownedTemp(to)
	e.line("%s", e.release(to, tmp))
	e.newList(tmp, to, x+"->len")
	k := e.temp("k")
	e.line("for (int64_t %s = 0; %s < %s->len; %s++) {", k, k, x, k)
	v := e.conv(pos, fmt.Sprintf("%s[%s]", elems(x, from), k), from.elems[0], el)
	e.line("%s[%s] = %s; %s", elems(tmp, to), k, v, e.retain(el, fmt.Sprintf("%s[%s]", elems(tmp, to), k)))
	e.line("}")
	return tmp
}

// asList is n as a myia_list of ctype to (converted from a list of
// known length if need be).
func (e *fnEmitter) asList(n ir.Node, to *ctype) string {
	x, t := e.val(n)
	if t.kind == kList && t.key == to.key {
		return x
	}
	if t.kind == kTuple && t.list {
		return e.listOf(n.Pos(), x, t, to)
	}
	refuse(n.Pos(), "a %s where a %s is expected", t, to)
	return ""
}

func lowerListConcat(e *fnEmitter, a *ir.Apply, dst string, res *ctype, args []ir.Node) {
	x, y := e.asList(args[0], res), e.asList(args[1], res)
	el := res.elems[0]
	e.newList(dst, res, fmt.Sprintf("%s->len + %s->len", x, y))
	e.line("memcpy(%s, MYIA_LDATA(%s), (size_t)%s->len * sizeof(%s));", elems(dst, res), x, x, el.name)
	e.line("memcpy(%s + %s->len, MYIA_LDATA(%s), (size_t)%s->len * sizeof(%s));", elems(dst, res), x, y, y, el.name)
	if el.hasArrays() {
		e.line("for (int64_t k = 0; k < %s->len; k++) { %s }", dst, e.retain(el, elems(dst, res)+"[k]"))
	}
	e.isOwned = true
}

// lowerListRepeat is l * n or n * l: a new list (myia_list_repeat).
func lowerListRepeat(e *fnEmitter, a *ir.Apply, dst string, res *ctype, args []ir.Node) {
	seq, n := args[0], args[1]
	if _, t := e.val(seq); isNumber(t) {
		seq, n = n, seq
	}
	k, tk := e.val(n)
	if !isIntLike(tk) {
		refuse(a.Pos(), "a list repeated a %s times", tk)
	}
	e.line("%s = myia_list_repeat(%s, %s, %s);", dst, e.asList(seq, res), e.conv(a.Pos(), k, tk, tInt), e.retainFn(res))
	e.isOwned = true
}

// lowerListSlice is slice(l, lo, hi, step), each bound an int or None:
// a new list (the adjoint of a list concatenation slices its
// sensitivity; a list of known length sliced at bounds known at run
// time, xs[i:], is converted first).
func lowerListSlice(e *fnEmitter, a *ir.Apply, dst string, res *ctype, args []ir.Node) {
	pos := e.posOf(a)
	_, t := e.val(args[0])
	if res.kind != kList || (t.kind == kList && res.key != t.key) {
		refuse(pos, "a slice of a %s giving %s", t, res)
	}
	x := e.asList(args[0], res)
	e.line("%s = myia_list_slice(ctx, %s, %s, %s, %d); if (!%s) goto fail;", dst, x, e.sliceBounds(pos, args[1:4]), e.retainFn(res), e.site(pos, e.cur), dst)
	e.isOwned = true
}

// lowerListSplitLike is np_split_like(d, seq, axis) giving a list of
// arrays, one per element of seq: the sensitivity of the list of arrays
// that np.stack or np.concatenate joined.
func lowerListSplitLike(e *fnEmitter, a *ir.Apply, dst string, res *ctype, args []ir.Node) {
	pos := e.posOf(a)
	if res.elems[0].kind != kArray {
		refuse(pos, "np_split_like giving a %s", res)
	}
	e.open()
	d := e.operand(args[0])
	n, sq := e.seqOperandsN(pos, args[1])
	ax, none := e.axisArg(pos, args[2])
	l := e.temp("sl")
	e.line("myia_list *%s = myia_list_new(%s, sizeof(myia_array *), %s);", l, n, e.dropFn(res))
	// On an error the pieces are released and the list holds none.
	e.line("if (myia_split_like(ctx, %s, %s, %s, %s, %s, (myia_array **)MYIA_LDATA(%s), %d) < 0) { %s->len = 0; myia_list_release(%s); goto fail; }",
		d, n, sq, ax, none, l, e.site(pos, e.cur), l, l)
	e.line("%s = %s;", dst, l)
	e.isOwned = true
	e.close()
}

func lowerListSetItem(e *fnEmitter, a *ir.Apply, dst string, res *ctype, args []ir.Node) {
	x, t := e.val(args[0])
	if res.kind != kList || t.kind != kList {
		refuse(a.Pos(), "tuple_setitem of a %s giving %s", t, res)
	}
	x = e.conv(a.Pos(), x, t, res)
	i, ti := e.val(args[1])
	if !isIntLike(ti) {
		refuse(a.Pos(), "a list index of type %s", ti)
	}
	el := res.elems[0]
	v := e.temp("li")
	e.line("int64_t %s = myia_list_index(ctx, %s, %s, %d); if (%s < 0) goto fail;", v, x, i, e.site(a.Pos(), e.cur), v)
	val := e.arg(args[2], el)
	e.newList(dst, res, x+"->len")
	e.line("memcpy(%s, MYIA_LDATA(%s), (size_t)%s->len * sizeof(%s));", elems(dst, res), x, x, el.name)
	e.line("%s[%s] = %s;", elems(dst, res), v, val)
	if el.hasArrays() {
		e.line("for (int64_t k = 0; k < %s->len; k++) { %s }", dst, e.retain(el, elems(dst, res)+"[k]"))
	}
	e.isOwned = true
}

func lowerListContains(e *fnEmitter, a *ir.Apply, dst string, res *ctype, args []ir.Node) {
	s, ts := e.val(args[0])
	x, tx := e.val(args[1])
	c := e.compare(a.Pos(), ir.Eq, elems(s, ts)+"[k]", ts.elems[0], x, tx)
	e.line("%s = 0; for (int64_t k = 0; k < %s->len; k++) if (%s) { %s = 1; break; }", dst, s, c, dst)
}

func lowerListZerosLike(e *fnEmitter, a *ir.Apply, dst string, res *ctype, args []ir.Node) {
	x, t := e.val(args[0])
	e.likeInto(a.Pos(), "myia_zeros_like", dst, res, x, t)
	e.isOwned = true
}

// listPrinter is the function that prints lists of ctype t.
func (g *gen) listPrinter(pos ir.Pos, t *ctype) string {
	if g.listHelpers == nil {
		g.listHelpers = map[string]string{}
	}
	key := "print:" + t.key
	if n, ok := g.listHelpers[key]; ok {
		return n
	}
	name := fmt.Sprintf("myia_lprint_%d", len(g.listHelpers))
	g.listHelpers[key] = name
	el := t.elems[0]
	stmt := g.printStmt(pos, elems("l", t)+"[k]", el, true)
	fmt.Fprintf(&g.printDefs, "static void %s(myia_ctx *ctx, myia_list *l) {\n\tmyia_puts(ctx, \"[\");\n\tfor (int64_t k = 0; k < l->len; k++) {\n\t\tif (k > 0) myia_puts(ctx, \", \");\n\t\t%s\n\t}\n\tmyia_puts(ctx, \"]\");\n}\n", name, stmt)
	return name
}
