package org.maestro.client.cli;

import org.maestro.results.BuildTags;
import picocli.CommandLine.Option;

import java.util.LinkedHashMap;
import java.util.Map;

/**
 * {@code --tag KEY=VALUE}: what the run tests ({@link BuildTags}: {@code build=412}, {@code commit=...}), recorded in
 * run.json and summary.json; a key not given is taken from Jenkins' environment (a picocli mixin).
 */
final class BuildTagOption {
    @Option(names = "--tag", paramLabel = "KEY=VALUE", description = "what this run tests, e.g. --tag build=412 --tag "
            + "commit=3f2a9c1; may be repeated. The runs index, maestro history and the verdicts name the run by its "
            + "build. Without it, Jenkins' BUILD_NUMBER is the build and GIT_COMMIT the commit.")
    Map<String, String> given = new LinkedHashMap<>();

    /**
     * The run's build tags: those given, then those Jenkins' {@code environment} names.
     *
     * @throws IllegalArgumentException naming a tag given without a key or a value
     */
    Map<String, String> tags(Map<String, String> environment) {
        given.forEach(BuildTags::check);
        return BuildTags.of(given, environment);
    }
}
