package org.maestro.dist;

import java.nio.file.Files;
import java.nio.file.Path;

import static org.junit.jupiter.api.Assertions.fail;

/**
 * The tools bin/install-chart-tools builds once into ~/.cache/maestro/tools (or MAESTRO_TOOLS): helm, kubeconform,
 * dashboard-check under bin/, and the Kubernetes JSON schemas under kubernetes-schemas/.
 */
final class CachedTools {
    static final Path HOME = Path.of(System.getenv().getOrDefault("MAESTRO_TOOLS",
            System.getProperty("user.home") + "/.cache/maestro/tools"));

    private CachedTools() {
    }

    /** bin/NAME, or a failure saying how to get it. */
    static Path tool(String name) {
        Path tool = HOME.resolve("bin").resolve(name);
        if (!Files.isExecutable(tool)) {
            fail(name + " is not installed (no " + tool + "): run bin/install-test-deps, which builds it once with bin/install-chart-tools");
        }
        return tool;
    }

    /** The schemas of one Kubernetes version, e.g. {@code v1.30.0-local-strict}, each a file://-linked JSON schema. */
    static Path kubernetesSchemas() {
        Path schemas = HOME.resolve("kubernetes-schemas");
        if (!Files.isRegularFile(schemas.resolve(".complete"))) {
            fail("the Kubernetes JSON schemas are not installed (no " + schemas + "): run bin/install-test-deps");
        }
        return schemas;
    }
}
