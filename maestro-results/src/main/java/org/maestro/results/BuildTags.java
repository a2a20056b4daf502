package org.maestro.results;

import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * What a run tested, as key/value pairs: the build ({@code build=412}), the commit, anything a pipeline names with
 * {@code maestro run --tag KEY=VALUE}. Held once in the run, as summary.json's and run.json's plan's {@code build}
 * map; not the test's {@code tags}, which are free labels the script gives every run of the test alike.
 *
 * <p>A Jenkins job need not say what it already knows: a key no {@code --tag} gave is taken from Jenkins'
 * environment ({@link #FROM_ENVIRONMENT}: {@code BUILD_NUMBER} is the build, {@code GIT_COMMIT} the commit).
 */
public final class BuildTags {
    /** The key of the build number: what the runs index, {@code maestro history} and the verdicts name a run by. */
    public static final String BUILD = "build";
    public static final String COMMIT = "commit";
    /**
     * The key of what the SUT said it is, with its version ({@code ActiveMQ Artemis 2.44.0}, {@code skupper-router
     * 3.5.1}): read by the inspector, else the router the client started; a {@code --tag sut=...} says it instead.
     */
    public static final String SUT = "sut";
    /** Jenkins' environment variable → the key it fills when no {@code --tag} gives that key. */
    public static final Map<String, String> FROM_ENVIRONMENT = Collections.unmodifiableMap(new LinkedHashMap<>(
            Map.of("BUILD_NUMBER", BUILD, "GIT_COMMIT", COMMIT)));

    private BuildTags() {
    }

    /**
     * The run's build tags: those given, then each key of {@link #FROM_ENVIRONMENT} none gave whose variable is set
     * (and not blank) in {@code environment}.
     */
    public static Map<String, String> of(Map<String, String> given, Map<String, String> environment) {
        Map<String, String> tags = new LinkedHashMap<>(given);
        FROM_ENVIRONMENT.forEach((variable, key) -> {
            String value = environment.get(variable);
            if (value != null && !value.isBlank()) {
                tags.putIfAbsent(key, value.strip());
            }
        });
        return Collections.unmodifiableMap(tags);
    }

    /**
     * Checks one {@code --tag KEY=VALUE}'s key and value: a key is a word (letters, digits, {@code . _ -}) and the value
     * not empty.
     *
     * @throws IllegalArgumentException naming the tag and what is wrong with it
     */
    public static void check(String key, String value) {
        if (!key.matches("[A-Za-z0-9._-]+")) {
            throw new IllegalArgumentException("--tag " + key + "=" + value + ": the key must be a word (letters, digits, . _ -)");
        }
        if (value == null || value.isBlank()) {
            throw new IllegalArgumentException("--tag " + key + "=: give a value (e.g. --tag build=412)");
        }
    }

    /** {@code tags} with {@code sut} as {@link #SUT} when none gave it (and {@code sut} is known). */
    public static Map<String, String> withSut(Map<String, String> tags, String sut) {
        if (sut == null || sut.isBlank() || tags.containsKey(SUT)) {
            return tags;
        }
        Map<String, String> with = new LinkedHashMap<>(tags);
        with.put(SUT, sut);
        return Collections.unmodifiableMap(with);
    }

    /** What the SUT of a run was ({@code ActiveMQ Artemis 2.44.0}), or null when nobody said. */
    public static String sut(Map<String, String> tags) {
        return tags == null ? null : tags.get(SUT);
    }

    /** The build a run is named by ({@code build=412} gives "412"), or null when it has none. */
    public static String build(Map<String, String> tags) {
        return tags == null ? null : tags.get(BUILD);
    }
}
