package opt

// Env cancels environments of sensitivities: the backpropagator of a
// closure returns the sensitivities of its free variables in an
// environment, and the graph that built the closure reads them back.
//
//	%1 = env_setitem(newenv(), $7, %d)
//	%2 = env_getitem(%1, $7, %z)          ->   (uses of %2 use %d)
//	env_getitem(env_setitem(e, $8, d), $7, z)  ->  env_getitem(e, $7, z)
//	env_getitem(newenv(), $7, z)               ->  z
//	env_getitem(zeros_like(f), $7, z)          ->  z
//	env_setitem(e, $7, zeros_like(x))          ->  e    when e has no $7
//	gadd(env_setitem(e, $7, d), f)             ->  env_setitem(gadd(e, f), $7, d)
//	                                               when f has no $7
//	env_setitem(e, $7, d), env_getitem(e, $7, z) ->  e, z   when $7 is an int's
//
// Keys are constants (ir.EnvKey); two different keys name different
// free variables. The last rule moves a key out of a sum so that the
// getitem that reads it meets its setitem. It runs after zeros, which
// turns the zeros of functions into newenv().

import (
	"github.com/myia/myia/ir"
)

// Env is the environment-cancellation pass.
func Env(u *Unit) bool { return rewrite(u, &envRules) }

// intKeys finds the keys whose values are ints or bools from the
// defaults of their readers: env_getitem(e, $k, zeros_like(x)) reads
// x's sensitivity, and zeros_like(x) has x's kind. A key one reader
// sees as another kind is not one.
func intKeys(u *Unit) map[ir.EnvKey]bool {
	an := u.analysis()
	keys := map[ir.EnvKey]bool{}
	other := map[ir.EnvKey]bool{}
	for _, g := range an.graphs {
		for _, a := range an.nodes[g] {
			if !ir.IsApplyOf(a, ir.EnvGetItem) {
				continue
			}
			k, ok := envKey(arg(a, 1))
			if !ok {
				continue
			}
			// The default's kind, and in typed graphs the value's: a
			// key is a primal node's, which may be an int in one
			// specialisation and a float in another.
			kd, kv := u.kindOf(arg(a, 2)), kInt
			if t := a.Type(); t != nil {
				kv = kindOfType(t)
			}
			if (kd == kInt || kd == kBool) && (kv == kInt || kv == kBool) {
				keys[k] = true
			} else {
				other[k] = true
			}
		}
	}
	for k := range other {
		delete(keys, k)
	}
	return keys
}

var envRules ruleTable

func init() {
	envRules.add(envGetOfSet, ir.EnvGetItem)
	envRules.add(envGetOfEmpty, ir.EnvGetItem)
	envRules.add(envSetZero, ir.EnvSetItem)
	envRules.add(envSetInt, ir.EnvSetItem)
	envRules.add(envGetInt, ir.EnvGetItem)
	envRules.add(gaddOfEnvSet, ir.Gadd)
}

func envKey(n ir.Node) (ir.EnvKey, bool) {
	v, ok := constOf(n)
	if !ok {
		return 0, false
	}
	k, ok := v.(ir.EnvKey)
	return k, ok
}

func envGetOfSet(u *Unit, a *ir.Apply) ir.Node {
	s := applyOf(arg(a, 0), ir.EnvSetItem)
	if s == nil {
		return nil
	}
	k1, ok1 := envKey(arg(s, 1))
	k2, ok2 := envKey(arg(a, 1))
	if !ok1 || !ok2 {
		return nil
	}
	if k1 == k2 {
		return arg(s, 2)
	}
	return u.applyPrim(a.Graph(), a.Pos(), a.Type(), ir.EnvGetItem, arg(s, 0), arg(a, 1), arg(a, 2))
}

func envGetOfEmpty(u *Unit, a *ir.Apply) ir.Node {
	if isZero(arg(a, 0)) {
		return arg(a, 2)
	}
	return nil
}

func envSetZero(u *Unit, a *ir.Apply) ir.Node {
	k, ok := envKey(arg(a, 1))
	if ok && ir.IsApplyOf(arg(a, 2), ir.ZerosLike) && !hasKey(arg(a, 0), k) {
		return arg(a, 0)
	}
	return nil
}

// intKey reports whether key k stands for an int or a bool (its primal
// node is one, or its readers say so): its sensitivity is never seen. A key is the ID of the primal node whose
// sensitivity it holds (ad.Transformer.Key). Int and bool values are
// computed from ints and bools only, or by primitives whose
// backpropagators return zeros (to_int, len, comparisons), so their
// sensitivities flow only to ints and bools, and every gradient leaves
// through fix_sens, which makes those zero.
func intKey(u *Unit, n ir.Node) bool {
	k, ok := envKey(n)
	if !ok || int(k) < 0 || int(k) >= u.M.NumNodes() {
		return false
	}
	if u.intKeys[k] {
		return true
	}
	switch u.kindOf(u.M.Node(int(k))) {
	case kInt, kBool:
		return true
	}
	return false
}

// env_setitem(e, $k, d) -> e when $k is an int's.
func envSetInt(u *Unit, a *ir.Apply) ir.Node {
	if intKey(u, arg(a, 1)) {
		return arg(a, 0)
	}
	return nil
}

// env_getitem(e, $k, z) -> z when $k is an int's.
func envGetInt(u *Unit, a *ir.Apply) ir.Node {
	if intKey(u, arg(a, 1)) {
		return arg(a, 2)
	}
	return nil
}

// hasKey reports whether environment e may hold key k: false only if
// e is built by env_setitem of other keys over newenv().
func hasKey(e ir.Node, k ir.EnvKey) bool {
	for {
		if isZero(e) {
			return false
		}
		s := applyOf(e, ir.EnvSetItem)
		if s == nil {
			return true
		}
		if k2, ok := envKey(arg(s, 1)); !ok || k2 == k {
			return true
		}
		e = arg(s, 0)
	}
}

func gaddOfEnvSet(u *Unit, a *ir.Apply) ir.Node {
	for i := 0; i < 2; i++ {
		s := applyOf(arg(a, i), ir.EnvSetItem)
		if s == nil || !singleUser(u, s) {
			continue
		}
		k, ok := envKey(arg(s, 1))
		if !ok || hasKey(arg(a, 1-i), k) {
			continue
		}
		g := u.applyPrim(a.Graph(), a.Pos(), a.Type(), ir.Gadd, arg(s, 0), arg(a, 1-i))
		return u.applyPrim(a.Graph(), a.Pos(), a.Type(), ir.EnvSetItem, g, arg(s, 1), arg(s, 2))
	}
	return nil
}
