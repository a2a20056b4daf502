package org.maestro.client.cli;

import org.junit.jupiter.api.Test;

import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;

/** The confirmation's JVM gets the options a user's next run has: the launcher's, not a debugger's or an agent's. */
class ColdConfirmationTest {
    @Test
    void theLaunchersOptionsButNoDebuggerOrAgent() {
        assertEquals(List.of("-Dorg.slf4j.simpleLogger.defaultLogLevel=warn", "-XX:G1PeriodicGCInterval=30000", "-Xmx2g"),
                ColdConfirmation.jvmOptions(List.of("-Dorg.slf4j.simpleLogger.defaultLogLevel=warn",
                        "-XX:G1PeriodicGCInterval=30000", "-agentlib:jdwp=transport=dt_socket,server=y,address=5005",
                        "-Xmx2g", "-javaagent:/tmp/jacoco.jar", "-Xdebug", "-Xrunjdwp:transport=dt_socket")));
    }
}
