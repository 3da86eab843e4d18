#!/usr/bin/env python3
"""The manifest rules of scripts/apple-typecheck.sh, read from `swift package dump-package` (JSON on stdin):

1. An app that uses only LineSDK or OAuthEngine builds no BoringSSL: every dependency on swift-crypto's
   CryptoExtras (or _CryptoExtras) from a target those products reach carries a condition that leaves out every
   Apple platform (a platform list without them, or a trait).
2. Those products' targets ship Apple's privacy manifest (PrivacyInfo.xcprivacy as a resource).
3. Every product dependency of every target a product reaches (libraries and the CLI alike) carries a trait
   condition, but swift-crypto's and swift-asn1's (swift-crypto's own dependency, resolved with it anyway): SwiftPM
   resolves, for an app, every package any product of this one reaches, unless a trait that is off guards every
   reference to it, so one unguarded reference would bring a package (and its download) back to every app.

Prints one line per violation; exits 1 if there is any.

    swift package dump-package | manifest.py
"""
import json
import sys

APPLE = {"macos", "ios", "maccatalyst", "tvos", "watchos", "visionos", "driverkit"}
APP_PRODUCTS = ["LineSDK", "OAuthEngine"]
CRYPTO_EXTRAS = {"CryptoExtras", "_CryptoExtras"}
UNGATED_PACKAGES = {"swift-crypto", "swift-asn1"}


def walk(targets, starts):
    """The targets reachable from `starts` through target dependencies, and their product dependencies as
    (target, product, package, condition) tuples."""
    reached, found, queue = set(), [], list(starts)
    while queue:
        name = queue.pop()
        if name in reached or name not in targets:
            continue
        reached.add(name)
        for dependency in targets[name]["dependencies"]:
            kind, value = next(iter(dependency.items()))
            if kind in ("target", "byName"):
                queue.append(value[0])
            elif kind == "product":
                found.append((name, value[0], value[1], value[3] or {}))
    return reached, found


def main():
    package = json.load(sys.stdin)
    targets = {target["name"]: target for target in package["targets"]}
    products = {product["name"]: product for product in package["products"]}
    problems = []

    # 1 and 2. The targets an app that uses LineSDK or OAuthEngine reaches.
    starts = []
    for name in APP_PRODUCTS:
        if name not in products:
            problems.append(f"no product {name}")
            continue
        starts.extend(products[name]["targets"])
    reached, app_products = walk(targets, starts)
    for name, product, package, condition in app_products:
        if product not in CRYPTO_EXTRAS:
            continue
        platforms = {p.lower() for p in (condition.get("platformNames") or [])}
        guarded_by_platform = bool(platforms) and not (platforms & APPLE)
        guarded_by_trait = bool(condition.get("traits"))
        if not (guarded_by_platform or guarded_by_trait):
            problems.append(
                f"{name} depends on {product} on Apple platforms too ({condition or 'no condition'}): an app that "
                f"uses {' or '.join(APP_PRODUCTS)} would build BoringSSL; condition it on non-Apple platforms or a trait")

    for name in sorted(reached):
        resources = [resource["path"] for resource in targets[name].get("resources") or []]
        if "PrivacyInfo.xcprivacy" not in resources:
            problems.append(f"{name} (reached by an app product) has no PrivacyInfo.xcprivacy resource")

    # 3. Every target any product reaches.
    everything, all_products = walk(targets, [target for product in products.values() for target in product["targets"]])
    for name, product, package, condition in all_products:
        if package not in UNGATED_PACKAGES and not condition.get("traits"):
            problems.append(
                f"{name} depends on {product} of {package} without a trait condition: every app that depends on "
                f"this package would resolve {package}; guard it with .when(traits: [...])")

    for problem in problems:
        print(problem)
    if not problems:
        print(f"targets an app reaches through {', '.join(APP_PRODUCTS)}: {', '.join(sorted(reached))}; "
              f"every other package's product behind a trait in the {len(everything)} targets the products reach")
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())
