package llvm

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/myia/myia/ir"
)

// Lists whose length inference does not know: i8* (a myia_list * of
// rt.inc), reference counted, immutable, as backend/cgo's prims_list.go;
// the generic list functions of rt.inc copy elements as bytes and call a
// retain or drop function of the element type (made here) for elements
// that hold references.

var listDecls = map[string]string{
	"myia_list_index":    "i64 @myia_list_index(%myia_ctx*, i8*, i64, i32)",
	"myia_list_from":     "i8* @myia_list_from(i8*, i64, i64, void (i8*, i64)*, void (i8*, i64)*)",
	"myia_list_cat":      "i8* @myia_list_cat(i8*, i8*, void (i8*, i64)*)",
	"myia_list_set":      "i8* @myia_list_set(%myia_ctx*, i8*, i64, i8*, void (i8*, i64)*, i32)",
	"myia_list_repeat":   "i8* @myia_list_repeat(i8*, i64, void (i8*, i64)*)",
	"myia_list_zeros":    "i8* @myia_list_zeros(i64, i64)",
	"myia_list_new":      "i8* @myia_list_new(i64, i64, void (i8*, i64)*)",
	"myia_list_grow":     "i8* @myia_list_grow(i8*, i64, void (i8*, i64)*)",
	"myia_list_slice":    "i8* @myia_list_slice(%myia_ctx*, i8*, i64, i64, i64, i32, void (i8*, i64)*, i32)",
	"myia_list_release":  "void @myia_list_release(i8*)",
	"myia_print_strrepr": "void @myia_print_strrepr(%myia_ctx*, i8*)",
	"myia_str_len":       "i64 @myia_str_len(i8*)",
	"strcmp":             "i32 @strcmp(i8*, i8*)",
}

func init() {
	for k, v := range listDecls {
		arrayDecls[k] = v
	}
	lowerings[ir.GetItem] = onList(lowerings[ir.GetItem], func(e *fnEmitter, a *ir.Apply, res *ltype, args []ir.Node) string {
		x, t := e.val(args[0])
		i, ti := e.val(args[1])
		if !isIntLike(ti) {
			refuse(a.Pos(), "a list index of type %s", ti)
		}
		k := e.listIndex(a.Pos(), x, e.conv(a.Pos(), i, ti, tInt))
		el := t.elems[0]
		v := e.def("load %s, %s* %s", el.name, el.name, e.elemPtr(x, t, k))
		return e.conv(a.Pos(), v, el, res)
	})
	lowerings[ir.Len] = func(other lowering) lowering {
		return func(e *fnEmitter, a *ir.Apply, res *ltype, args []ir.Node) string {
			x, t := e.val(args[0])
			switch t.kind {
			case kStr:
				return e.rcall("myia_str_len", "i8* "+x)
			case kList:
				return e.listLen(x)
			}
			return other(e, a, res, args)
		}
	}(lowerings[ir.Len])
	lowerings[ir.Add] = func(other lowering) lowering {
		return func(e *fnEmitter, a *ir.Apply, res *ltype, args []ir.Node) string {
			if res.kind != kList {
				return other(e, a, res, args)
			}
			x, y := e.asList(args[0], res), e.asList(args[1], res)
			e.isOwned = true
			return e.rcall("myia_list_cat", "i8* "+x, "i8* "+y, e.elemsFn(res, "retain"))
		}
	}(lowerings[ir.Add])
	lowerings[ir.Mul] = func(other lowering) lowering {
		return func(e *fnEmitter, a *ir.Apply, res *ltype, args []ir.Node) string {
			if res.kind != kList {
				return other(e, a, res, args)
			}
			seq, n := args[0], args[1]
			if _, t := e.val(seq); isNumber(t) {
				seq, n = n, seq
			}
			k, tk := e.val(n)
			if !isIntLike(tk) {
				refuse(a.Pos(), "a list repeated a %s times", tk)
			}
			x := e.asList(seq, res)
			e.isOwned = true
			return e.rcall("myia_list_repeat", "i8* "+x, "i64 "+e.conv(a.Pos(), k, tk, tInt), e.elemsFn(res, "retain"))
		}
	}(lowerings[ir.Mul])
	lowerings[ir.Slice] = onList(onListRes(lowerings[ir.Slice], lowerListSlice), lowerListSlice)
	for _, p := range []ir.Prim{ir.Eq, ir.Ne} {
		lowerings[p] = onEitherList(lowerings[p], lowerListEq(p))
	}
	lowerings[ir.SplitLike] = func(other lowering) lowering {
		return func(e *fnEmitter, a *ir.Apply, res *ltype, args []ir.Node) string {
			if res.kind != kList {
				return other(e, a, res, args)
			}
			return lowerListSplitLike(e, a, res, args)
		}
	}(lowerings[ir.SplitLike])
	lowerings[ir.TupleSetItem] = onList(lowerings[ir.TupleSetItem], func(e *fnEmitter, a *ir.Apply, res *ltype, args []ir.Node) string {
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
		s := e.slot(el.name)
		e.inst("store %s %s, %s* %s", el.name, e.arg(args[2], el), el.name, s)
		p := e.def("bitcast %s* %s to i8*", el.name, s)
		r := e.rcall("myia_list_set", e.ctxArg(), "i8* "+x, "i64 "+e.conv(a.Pos(), i, ti, tInt), "i8* "+p, e.elemsFn(res, "retain"), e.siteArg(a.Pos()))
		e.failIf(e.def("icmp eq i8* %s, null", r))
		e.isOwned = true
		return r
	})
	lowerings[ir.Contains] = onList(lowerings[ir.Contains], func(e *fnEmitter, a *ir.Apply, res *ltype, args []ir.Node) string {
		s, ts := e.val(args[0])
		x, tx := e.val(args[1])
		found := e.slot("i1")
		e.inst("store i1 false, i1* %s", found)
		el := ts.elems[0]
		e.loop(e.listLen(s), func(k string) {
			v := e.def("load %s, %s* %s", el.name, el.name, e.elemPtr(s, ts, k))
			c := e.compare(a.Pos(), ir.Eq, v, el, x, tx)
			old := e.def("load i1, i1* %s", found)
			e.inst("store i1 %s, i1* %s", e.def("or i1 %s, %s", old, c), found)
		})
		return e.toRes(a.Pos(), e.def("load i1, i1* %s", found), res)
	})
	lowerings[ir.IsSeq] = onList(lowerings[ir.IsSeq], func(e *fnEmitter, a *ir.Apply, res *ltype, args []ir.Node) string {
		return e.toRes(a.Pos(), "true", res)
	})
	// Only loop reversal (opt/reverse.go) pushes, to a tape nothing
	// reads until it is made, so a push appends in place.
	lowerings[ir.ListPush] = func(e *fnEmitter, a *ir.Apply, res *ltype, args []ir.Node) string {
		if res.kind != kList {
			refuse(a.Pos(), "list_push giving a %s", res)
		}
		x := e.asList(args[0], res)
		el := res.elems[0]
		v := e.arg(args[1], el)
		// As the C backend: the fast path inline, myia_list_grow when the
		// list is not a tape yet (its data follows the header) or is full.
		n := e.listLen(x)
		cp := e.def("load i64, i64* %s", e.listField(x, listOffCap))
		data := e.def("load i8*, i8** %s", e.def("bitcast i64* %s to i8**", e.listField(x, listOffData)))
		inline := e.def("icmp eq i8* %s, %s", data, e.def("getelementptr i8, i8* %s, i64 %d", x, listHeaderSize))
		slow := e.def("or i1 %s, %s", inline, e.def("icmp eq i64 %s, %s", n, cp))
		lslow, lfast, join := e.newLabel(), e.newLabel(), e.newLabel()
		e.term("br i1 %s, label %%%s, label %%%s, !prof !0", slow, lslow, lfast)
		e.label(lslow)
		grown := e.rcall("myia_list_grow", "i8* "+x, "i64 "+sizeOf(el), e.elemsFn(res, "retain"))
		e.term("br label %%%s", join)
		e.label(lfast)
		rc := e.listField(x, listOffRC)
		e.inst("store i64 %s, i64* %s", e.def("add i64 %s, 1", e.def("load i64, i64* %s", rc)), rc)
		e.term("br label %%%s", join)
		e.label(join)
		l := e.def("phi i8* [%s, %%%s], [%s, %%%s]", grown, lslow, x, lfast)
		lh := e.listField(l, listOffLen)
		k := e.def("load i64, i64* %s", lh)
		if el.hasArrays() {
			e.refOp(el, v, "retain")
		}
		e.inst("store %s %s, %s* %s", el.name, v, el.name, e.elemPtr(l, res, k))
		e.inst("store i64 %s, i64* %s", e.def("add i64 %s, 1", k), lh)
		e.isOwned = true
		return l
	}
	lowerings[ir.ZerosLike] = onList(lowerings[ir.ZerosLike], func(e *fnEmitter, a *ir.Apply, res *ltype, args []ir.Node) string {
		x, t := e.val(args[0])
		e.isOwned = true
		return e.like(a.Pos(), "myia_zeros_like", res, x, t)
	})
}

// lowerListSlice is slice(l, lo, hi, step), each bound an int or None:
// a new list (the adjoint of a list concatenation slices its
// sensitivity; a list of known length sliced at bounds known at run
// time, xs[i:], is converted first).
func lowerListSlice(e *fnEmitter, a *ir.Apply, res *ltype, args []ir.Node) string {
	pos := e.posOf(a)
	t := e.typeOf(args[0])
	if res.kind != kList || (t.kind == kList && res.key != t.key) {
		refuse(pos, "a slice of a %s giving %s", t, res)
	}
	x := e.asList(args[0], res)
	b, none := e.sliceBounds(pos, args[1:4])
	r := e.rcall("myia_list_slice", e.ctxArg(), "i8* "+x, "i64 "+b[0], "i64 "+b[1], "i64 "+b[2], fmt.Sprintf("i32 %d", none), e.elemsFn(res, "retain"), e.siteArg(pos))
	e.failIf(e.def("icmp eq i8* %s, null", r))
	e.isOwned = true
	return r
}

// lowerListSplitLike is np_split_like(d, seq, axis) giving a list of
// arrays, one per element of seq: the sensitivity of the list of arrays
// that np.stack or np.concatenate joined.
func lowerListSplitLike(e *fnEmitter, a *ir.Apply, res *ltype, args []ir.Node) string {
	pos := e.posOf(a)
	if res.elems[0].kind != kArray {
		refuse(pos, "np_split_like giving a %s", res)
	}
	d := e.operand(args[0])
	n, sq := e.seqOperandsN(pos, args[1])
	ax, none := e.axisArg(pos, args[2])
	l := e.rcall("myia_list_new", "i64 "+e.def("sext i32 %s to i64", n), "i64 "+sizeOf(res.elems[0]), e.elemsFn(res, "release"))
	out := e.def("bitcast i8* %s to i8**", e.def("load i8*, i8** %s", e.def("bitcast i64* %s to i8**", e.listField(l, listOffData))))
	r := e.rcall("myia_split_like", e.ctxArg(), "i8* "+d, "i32 "+n, "i8** "+sq, "i64 "+ax, "i32 "+none, "i8** "+out, e.siteArg(pos))
	// On an error the pieces are released and the list holds none.
	bad, ok := e.newLabel(), e.newLabel()
	e.term("br i1 %s, label %%%s, label %%%s, !prof !0", e.def("icmp slt i32 %s, 0", r), bad, ok)
	e.label(bad)
	e.inst("store i64 0, i64* %s", e.listField(l, listOffLen))
	e.rcall("myia_list_release", "i8* "+l)
	e.term("br label %%fail")
	e.label(ok)
	e.isOwned = true
	return l
}

func onList(other, list lowering) lowering {
	return func(e *fnEmitter, a *ir.Apply, res *ltype, args []ir.Node) string {
		if t := e.typeOf(args[0]); t.kind == kList {
			return list(e, a, res, args)
		}
		return other(e, a, res, args)
	}
}

// onEitherList is list when either argument is a myia_list, else other.
func onEitherList(other, list lowering) lowering {
	return func(e *fnEmitter, a *ir.Apply, res *ltype, args []ir.Node) string {
		if e.typeOf(args[0]).kind == kList || e.typeOf(args[1]).kind == kList {
			return list(e, a, res, args)
		}
		return other(e, a, res, args)
	}
}

// lowerListEq is l == m or l != m (p) of lists, one of them a myia_list
// (xs == [] with xs grown in a loop): the lengths, then, if they are
// equal, the elements.
func lowerListEq(p ir.Prim) lowering {
	return func(e *fnEmitter, a *ir.Apply, res *ltype, args []ir.Node) string {
		pos := a.Pos()
		x, tx := e.val(args[0])
		y, ty := e.val(args[1])
		if tx.kind != kList {
			x, tx, y, ty = y, ty, x, tx
		}
		el := tx.elems[0]
		r := e.slot("i1")
		var same string
		if ty.kind == kList {
			same = e.def("icmp eq i64 %s, %s", e.listLen(x), e.listLen(y))
		} else if ty.kind == kTuple && ty.list {
			same = e.def("icmp eq i64 %s, %d", e.listLen(x), len(ty.elems))
		} else {
			refuse(pos, "%s of a %s and a %s", p, tx, ty)
		}
		e.inst("store i1 %s, i1* %s", same, r)
		body, join := e.newLabel(), e.newLabel()
		e.term("br i1 %s, label %%%s, label %%%s", same, body, join)
		e.label(body)
		and := func(c string) {
			e.inst("store i1 %s, i1* %s", e.def("and i1 %s, %s", e.def("load i1, i1* %s", r), c), r)
		}
		if ty.kind == kList {
			e.loop(e.listLen(x), func(k string) {
				v := e.def("load %s, %s* %s", el.name, el.name, e.elemPtr(x, tx, k))
				w := e.def("load %s, %s* %s", ty.elems[0].name, ty.elems[0].name, e.elemPtr(y, ty, k))
				and(e.compare(pos, ir.Eq, v, el, w, ty.elems[0]))
			})
		} else {
			for i, et := range ty.elems {
				v := e.def("load %s, %s* %s", el.name, el.name, e.elemPtr(x, tx, strconv.Itoa(i)))
				and(e.compare(pos, ir.Eq, v, el, e.field(y, ty, i), et))
			}
		}
		e.term("br label %%%s", join)
		e.label(join)
		v := e.def("load i1, i1* %s", r)
		if p == ir.Ne {
			v = e.def("xor i1 %s, true", v)
		}
		return e.toRes(pos, v, res)
	}
}

// onListRes is onList by the type of the result.
func onListRes(other, list lowering) lowering {
	return func(e *fnEmitter, a *ir.Apply, res *ltype, args []ir.Node) string {
		if res.kind == kList {
			return list(e, a, res, args)
		}
		return other(e, a, res, args)
	}
}

// sizeOf is the size in bytes of an LLVM type, a constant expression.
func sizeOf(t *ltype) string {
	return fmt.Sprintf("ptrtoint (%s* getelementptr (%s, %s* null, i32 1) to i64)", t.name, t.name, t.name)
}

// The byte offsets of the fields of rt.inc's myia_list that the code
// reads, and the header's size (build.go has the C compiler check them).
const (
	listOffLen     = 0
	listOffData    = 24
	listOffCap     = 32
	listOffRC      = 40
	listHeaderSize = 48
)

// listField is an i64* to the field at byte offset off of list x.
func (e *fnEmitter) listField(x string, off int) string {
	return e.def("bitcast i8* %s to i64*", e.def("getelementptr i8, i8* %s, i64 %d", x, off))
}

// listLen is the length of list x (an i64).
func (e *fnEmitter) listLen(x string) string {
	return e.def("load i64, i64* %s", e.listField(x, listOffLen))
}

// listIndex is Python's index i (an i64) of list x, checked inline;
// myia_list_index raises "list index out of range" when it is out.
func (e *fnEmitter) listIndex(pos ir.Pos, x, i string) string {
	n := e.listLen(x)
	k := e.def("select i1 %s, i64 %s, i64 %s", e.def("icmp slt i64 %s, 0", i), e.def("add i64 %s, %s", i, n), i)
	bad, ok := e.newLabel(), e.newLabel()
	e.term("br i1 %s, label %%%s, label %%%s, !prof !0", e.def("icmp uge i64 %s, %s", k, n), bad, ok)
	e.label(bad)
	e.rcall("myia_list_index", e.ctxArg(), "i8* "+x, "i64 "+i, e.siteArg(pos))
	e.term("br label %%fail")
	e.label(ok)
	return k
}

// elemPtr is a pointer to element k (an i64) of list x of ltype t.
func (e *fnEmitter) elemPtr(x string, t *ltype, k string) string {
	d := e.def("load i8*, i8** %s", e.def("bitcast i64* %s to i8**", e.listField(x, listOffData)))
	el := t.elems[0]
	return e.def("getelementptr %s, %s* %s, i64 %s", el.name, el.name, e.def("bitcast i8* %s to %s*", d, el.name), k)
}

// loop runs body(k) for k from 0 to n-1 (an i64).
func (e *fnEmitter) loop(n string, body func(k string)) {
	ks := e.slot("i64")
	e.inst("store i64 0, i64* %s", ks)
	head, in, out := e.newLabel(), e.newLabel(), e.newLabel()
	e.label(head)
	k := e.def("load i64, i64* %s", ks)
	e.term("br i1 %s, label %%%s, label %%%s", e.def("icmp slt i64 %s, %s", k, n), in, out)
	e.label(in)
	body(k)
	e.inst("store i64 %s, i64* %s", e.def("add i64 %s, 1", k), ks)
	e.term("br label %%%s", head)
	e.label(out)
}

// elemsFn is the function (a typed operand) that retains or releases
// ("retain", "release") n elements of lists of ltype t, or null.
func (e *fnEmitter) elemsFn(t *ltype, op string) string {
	el := t.elems[0]
	ty := "void (i8*, i64)*"
	if !el.hasArrays() {
		return ty + " null"
	}
	name := fmt.Sprintf("@myia_l%s_%s", op, strings.NewReplacer("<", "_", ">", "_", ",", "_", "(", "_", ")", "_", "[", "_", "]", "_", ".", "_").Replace(t.key))
	if !e.printers[name] {
		e.printers[name] = true
		var b strings.Builder
		p := &fnEmitter{gen: e.gen, b: &b, cur: e.cur, open: true}
		var allocas strings.Builder
		p.allocas = &allocas
		fmt.Fprintf(&b, "define internal void %s(i8* %%p, i64 %%n) {\nentry:\n", name)
		body := &strings.Builder{}
		p.b = body
		base := p.def("bitcast i8* %%p to %s*", el.name)
		p.loop("%n", func(k string) {
			v := p.def("load %s, %s* %s", el.name, el.name, p.def("getelementptr %s, %s* %s, i64 %s", el.name, el.name, base, k))
			p.refOp(el, v, op)
		})
		p.term("ret void")
		b.WriteString(allocas.String())
		b.WriteString(body.String())
		b.WriteString("}\n")
		e.printDefs.WriteString(b.String())
	}
	return ty + " " + name
}

// listOf converts x, a list of known length (a struct), to a myia_list
// of ltype to, held by an owned slot of the function.
func (e *fnEmitter) listOf(pos ir.Pos, x string, from, to *ltype) string {
	el := to.elems[0]
	n := max(len(from.elems), 1)
	s := e.slot(fmt.Sprintf("[%d x %s]", n, el.name))
	for i, fe := range from.elems {
		v := e.conv(pos, e.field(x, from, i), fe, el)
		p := e.def("getelementptr [%d x %s], [%d x %s]* %s, i64 0, i64 %d", n, el.name, n, el.name, s, i)
		e.inst("store %s %s, %s* %s", el.name, v, el.name, p)
	}
	p := e.def("bitcast [%d x %s]* %s to i8*", n, el.name, s)
	l := e.rcall("myia_list_from", "i8* "+p, fmt.Sprintf("i64 %d", len(from.elems)), "i64 "+sizeOf(el), e.elemsFn(to, "retain"), e.elemsFn(to, "release"))
	id := e.ownedTemp(to)
	e.put(id, to, l, true)
	return l
}

// listConv converts x, a list of ltype from, to a new list of ltype to,
// element by element (as backend/cgo's listConv), held by an owned slot
// of the function.
func (e *fnEmitter) listConv(pos ir.Pos, x string, from, to *ltype) string {
	fe, el := from.elems[0], to.elems[0]
	n := e.listLen(x)
	l := e.rcall("myia_list_new", "i64 "+n, "i64 "+sizeOf(el), e.elemsFn(to, "release"))
	e.loop(n, func(k string) {
		v := e.conv(pos, e.def("load %s, %s* %s", fe.name, fe.name, e.elemPtr(x, from, k)), fe, el)
		if el.hasArrays() {
			e.refOp(el, v, "retain")
		}
		e.inst("store %s %s, %s* %s", el.name, v, el.name, e.elemPtr(l, to, k))
	})
	id := e.ownedTemp(to)
	e.put(id, to, l, true)
	return l
}

// asList is n as a myia_list of ltype to.
func (e *fnEmitter) asList(n ir.Node, to *ltype) string {
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

// listPrinter is the function that prints lists of ltype t.
func (e *fnEmitter) listPrinter(pos ir.Pos, t *ltype) string {
	name := "@lprint_" + strings.NewReplacer("<", "_", ">", "_", ",", "_", "(", "_", ")", "_", "[", "_", "]", "_", ".", "_").Replace(t.key)
	if e.printers[name] {
		return name
	}
	e.printers[name] = true
	el := t.elems[0]
	var b, body, allocas strings.Builder
	p := &fnEmitter{gen: e.gen, b: &body, cur: e.cur, open: true, allocas: &allocas}
	fmt.Fprintf(&b, "\ndefine internal void %s(%%myia_ctx* %%ctx, i8* %%v) {\nentry:\n", name)
	p.inst("call void @myia_puts(%%myia_ctx* %%ctx, i8* %s)", p.cstring("["))
	p.loop(p.listLen("%v"), func(k string) {
		first, sep, next := p.newLabel(), p.newLabel(), p.newLabel()
		p.term("br i1 %s, label %%%s, label %%%s", p.def("icmp eq i64 %s, 0", k), first, sep)
		p.label(sep)
		p.inst("call void @myia_puts(%%myia_ctx* %%ctx, i8* %s)", p.cstring(", "))
		p.term("br label %%%s", next)
		p.label(first)
		p.term("br label %%%s", next)
		p.label(next)
		v := p.def("load %s, %s* %s", el.name, el.name, p.elemPtr("%v", t, k))
		p.printValue(pos, v, el, true)
	})
	p.inst("call void @myia_puts(%%myia_ctx* %%ctx, i8* %s)", p.cstring("]"))
	p.term("ret void")
	b.WriteString(allocas.String())
	b.WriteString(body.String())
	b.WriteString("}\n")
	e.printDefs.WriteString(b.String())
	return name
}
