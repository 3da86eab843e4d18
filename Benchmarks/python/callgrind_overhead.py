"""Where the validator's instructions beyond the raw primitive go, by stage. Usage:
callgrind_overhead.py VALIDATOR.callgrind RAW.callgrind N [x]
(two dumps of scripts/bench-callgrind.sh kept with CALLGRIND_KEEP=DIR; N tokens each; x lists the ungrouped
functions too). Self costs per function, validator minus raw, per token, grouped by name."""
import sys, re, collections, subprocess
def load(path):
    names = {}
    def name(spec):
        m = re.match(r'\((\d+)\)(?: (.*))?', spec)
        if not m: return spec
        if m.group(2): names[m.group(1)] = m.group(2)
        return names.get(m.group(1), spec)
    cost = collections.Counter(); fn = None; skip = False
    for line in open(path, errors='replace'):
        line = line.rstrip('\n')
        if line.startswith('fn='): fn = name(line[3:]); continue
        if line.startswith('cfn='): name(line[4:]); continue
        if line.startswith(('cfi=', 'cob=', 'fl=', 'fi=', 'fe=', 'ob=')): continue
        if line.startswith('calls='): skip = True; continue
        if line and (line[0].isdigit() or line[0] in '+-*'):
            if skip: skip = False; continue
            p = line.split()
            if len(p) >= 2 and fn: cost[fn] += int(p[1])
    return cost
v = load(sys.argv[1]); r = load(sys.argv[2]); n = int(sys.argv[3])
diff = {f: (v.get(f, 0) - r.get(f, 0)) / n for f in set(v) | set(r)}
mangled = list(diff)
dem = subprocess.run(['swift', 'demangle', '--simplified', '--compact'], input='\n'.join(mangled), capture_output=True, text=True).stdout.split('\n')
d = dict(zip(mangled, dem))
groups = collections.Counter()
def group(name):
    rules = [('base64url decode', ['Base64URL']), ('JSON scan of header and payload (ClaimSet init)', ['scanString', 'skipObject', 'isNewName', 'skipValue', 'skipWhitespace', 'scanObject', 'skipArray', 'isValidUTF8', 'skipUnicode', 'expectLiteral']),
             ('member lookups and decoding (header alg/kid/typ/crit, the checked claims)', ['ClaimSet', 'parseString', 'parseEscapedString', 'parseNumber', 'parseValue', 'plainName', 'validatedString', '_uncheckedFromUTF8', 'JSONParser']),
             ('token split and signing input', ['CompactJWS']), ('claim checks (iss/aud/time/nonce/sub)', ['IDTokenValidator', 'ExactMatch', 'SecureCompare', 'elementsEqual', 'WallClock', 'SystemClock', 'Date']),
             ('key lookup (cache snapshot, JWKSet, JWK.fits)', ['KeySetCache', 'JWKSet', 'JWK', 'LockedValue', 'Mutex', 'pthread_mutex']),
             ('verifier dispatch (JWSVerifier, algorithm checks)', ['JWSVerifier', 'JWSAlgorithm', 'JOSEHeader', 'VerificationKey']),
             ('malloc/free', ['malloc', 'free', '_int_', 'swift_slowAlloc', 'swift_slowDealloc', 'swift_allocObject', 'swift_deallocClassInstance', 'swift_deallocObject', 'swift_deallocUninitialized']),
             ('retain/release', ['swift_retain', 'swift_release', 'swift_bridgeObject', 'RefCounts', '_swift_release_dealloc', 'swift_arrayDestroy', 'outlined']),
             ('async calls (task switch, frames)', ['swift_task', 'swift_job', 'Task', 'swift_asyncLet', 'AsyncTask', 'swift::runtime']),
             ('generic metadata lookups', ['Metadata', 'getCache', 'swift_getAssociated', 'conformsTo', 'swift_getWitness', 'Witness'])]
    for g, keys in rules:
        if any(k in name for k in keys): return g
    return 'other'
for f, c in diff.items(): groups[group(d.get(f, f))] += c
tot = sum(diff.values())
print(f"overhead {tot:.0f} instructions/token")
for g, c in sorted(groups.items(), key=lambda x: -x[1]): print(f"{c:8.0f}  {g}")
if len(sys.argv) > 4:
    print('--- other, largest')
    for f, c in sorted(diff.items(), key=lambda x: -x[1])[:25]:
        if group(d.get(f, f)) == 'other': print(f"{c:8.0f}  {d.get(f, f)[:120]}")
