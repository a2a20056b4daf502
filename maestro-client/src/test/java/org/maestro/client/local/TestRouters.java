package org.maestro.client.local;

import org.junit.jupiter.api.Assertions;
import org.junit.jupiter.api.Assumptions;

/**
 * The router a test runs, found as everything finds one ({@link RouterBinary#find(String)}). None found: the test is
 * skipped with one line saying how to get one, except under CI ({@code CI=true}), where a router test that cannot run
 * fails (CI has ../shared beside its checkout).
 */
public final class TestRouters {
    private static RouterBinary found;

    private TestRouters() {
    }

    public static synchronized RouterBinary binary() {
        if (found == null) {
            try {
                found = RouterBinary.find(null);
            } catch (RouterBinary.NotFound e) {
                if ("true".equals(System.getenv("CI"))) {
                    Assertions.fail("a router test cannot run under CI: " + e.getMessage());
                }
                Assumptions.abort("needs a router: " + e.getMessage());
            }
        }
        return found;
    }
}
