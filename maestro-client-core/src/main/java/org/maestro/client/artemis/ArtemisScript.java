package org.maestro.client.artemis;

import java.nio.file.Path;
import java.util.List;
import java.util.Map;

/** A bin/artemis command run in an instance directory, its output appended to the broker's log. */
final class ArtemisScript {

    /** Environment variables of the artemis scripts that must come from the instance, not from our environment. */
    private static final List<String> SCRIPT_VARIABLES = List.of("CLASSPATH", "DEBUG_ARGS", "HAWTIO_ROLES",
            "JAVA_ARGS", "JAVA_ARGS_APPEND", "LOGGING_ARGS");

    private ArtemisScript() {
    }

    static ProcessBuilder processBuilder(Path instance, BrokerLog log, String... command) {
        ProcessBuilder builder = new ProcessBuilder(command)
                .directory(instance.toFile())
                .redirectErrorStream(true)
                .redirectOutput(ProcessBuilder.Redirect.appendTo(log.file().toFile()));
        Map<String, String> env = builder.environment();
        env.keySet().removeIf(name -> name.startsWith("ARTEMIS_") || SCRIPT_VARIABLES.contains(name));
        env.put("JAVA_HOME", System.getProperty("java.home")); // the broker runs on the JDK of the tests
        return builder;
    }
}
