package org.maestro.common.testing;

import org.maestro.client.artemis.StandaloneArtemis;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * The standalone Artemis broker of integration tests: {@link StandaloneArtemis} (the broker
 * {@code maestro run --local} starts for fault injection) made from the distribution that the module's
 * {@code unpack-artemis} execution (see the root pom) unpacked, found through {@link #fromSystemProperties()}.
 */
public final class ArtemisBroker extends StandaloneArtemis {

    /** System property with the unpacked distribution's home directory (the one holding bin/artemis). */
    public static final String HOME_PROPERTY = "maestro.artemis.home";
    /** System property with the directory for broker instances and logs; default target/artemis. */
    public static final String WORK_PROPERTY = "maestro.artemis.work";

    private ArtemisBroker(StandaloneArtemis created) {
        super(created);
    }

    /**
     * Creates a broker instance (not started) from the distribution named by the system property
     * {@value #HOME_PROPERTY}, under the directory named by {@value #WORK_PROPERTY}.
     *
     * @throws IllegalStateException if the property is missing or does not name an unpacked distribution
     * @throws IOException           if the instance cannot be created
     */
    public static ArtemisBroker fromSystemProperties() throws IOException {
        return fromSystemProperties(true);
    }

    /** As {@link #fromSystemProperties()}; without the tests' JVM options when {@code testJvmOptions} is false. */
    public static ArtemisBroker fromSystemProperties(boolean testJvmOptions) throws IOException {
        Path home = homeFrom(System.getProperty(HOME_PROPERTY));
        ArtemisBroker broker = new ArtemisBroker(create(home, Path.of(System.getProperty(WORK_PROPERTY, "target/artemis"))));
        if (testJvmOptions) {
            broker.withTestJvmOptions();
        }
        return broker;
    }

    /**
     * The options the build gives a test's child JVMs ({@link ChildJvm#testOptions()}: C1 only) go to this broker's JVM
     * too, through its instance's etc/artemis.profile, which {@code bin/artemis run} reads at every start (a restart
     * handler's too). Its start then takes half the CPU (5 s instead of 9.5 s measured on this 2-core host), and a test
     * broker carries a few hundred messages a second.
     */
    private void withTestJvmOptions() throws IOException {
        java.util.List<String> options = ChildJvm.testOptions();
        if (!options.isEmpty()) {
            Files.writeString(instanceDirectory().resolve("etc/artemis.profile"), "\n# The tests' JVM options (ArtemisBroker)\n"
                    + "JAVA_ARGS=\"$JAVA_ARGS " + String.join(" ", options) + "\"\n", java.nio.file.StandardOpenOption.APPEND);
        }
    }

    /** Checks the value of {@value #HOME_PROPERTY}; package-private for its test. */
    static Path homeFrom(String property) {
        String enable = " Enable the unpack-artemis execution of maven-dependency-plugin in this module's pom"
                + " (<execution><id>unpack-artemis</id><phase>process-test-resources</phase></execution>,"
                + " see the root pom) and run the tests through Maven, or set -D" + HOME_PROPERTY
                + "=<unpacked apache-artemis-2.x directory>.";
        if (property == null || property.isBlank()) {
            throw new IllegalStateException("The system property " + HOME_PROPERTY
                    + " (the unpacked standalone Artemis distribution) is not set." + enable);
        }
        Path home = Path.of(property).toAbsolutePath();
        if (!Files.isRegularFile(home.resolve("bin/artemis"))) {
            throw new IllegalStateException("The system property " + HOME_PROPERTY + " is " + home
                    + ", which holds no bin/artemis: the Artemis distribution is not unpacked there." + enable);
        }
        return home;
    }
}
