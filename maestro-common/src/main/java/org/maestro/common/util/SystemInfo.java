package org.maestro.common.util;

import java.io.File;
import java.io.IOException;
import java.io.InputStream;
import java.lang.management.ManagementFactory;
import java.net.URISyntaxException;
import java.net.URL;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Properties;
import java.util.jar.JarFile;

import org.maestro.common.note.NoteCodec;
import org.maestro.common.note.PeerInfo;

/**
 * What a peer's system.json says of the machine and software that measured: host, CPUs, heap, OS, JVM and its
 * arguments, Maestro's version and protocol. Peers add their own libraries (e.g. the JMS driver) with
 * {@link #version(Class)}.
 */
public final class SystemInfo {
    private static final String UNKNOWN = "unknown";
    /**
     * A sender's or receiver's system.json key: true when the SUT URL it loads names this host ({@link
     * HostNames#isThisHost}), so the generator competes with the SUT for the host's CPU.
     */
    public static final String SUT_ON_THIS_HOST = "sutOnThisHost";
    /**
     * A sender's or receiver's system.json key: the client options the worker set because the SUT URL did not (e.g.
     * {@code amqp.maxFrameSize}), name to value; absent when it set none.
     */
    public static final String DRIVER_DEFAULTS = "driverDefaults";
    /**
     * An agent's system.json key: its own options, what it sits beside and acts on (e.g. the router beside an agent of
     * {@code --local}: {@code router.name}, {@code router.kind}, {@code router.version}), name to value; absent when it
     * has none.
     */
    public static final String SITS_BESIDE = "sitsBeside";
    /**
     * An inspector's system.json key: what the SUT it inspected said it is, with its version ({@code ActiveMQ Artemis
     * 2.44.0}; several targets' distinct answers joined by ", "); absent when the SUT did not say.
     */
    public static final String SUT_VERSION = "sutVersion";

    private SystemInfo() {
    }

    public static Map<String, Object> describe(PeerInfo peer) {
        Runtime rt = Runtime.getRuntime();
        Map<String, Object> system = new LinkedHashMap<>();
        system.put("host", peer.host());
        system.put("cpus", rt.availableProcessors());
        system.put("maxHeapBytes", rt.maxMemory());
        system.put("os", System.getProperty("os.name") + " " + System.getProperty("os.version") + " " + System.getProperty("os.arch"));
        system.put("jvm", System.getProperty("java.vm.name") + " " + System.getProperty("java.runtime.version"));
        system.put("jvmArguments", ManagementFactory.getRuntimeMXBean().getInputArguments());
        system.put("maestroVersion", maestroVersion());
        system.put("protocolVersion", NoteCodec.PROTOCOL_VERSION);
        return system;
    }

    /** Maestro's version, as the build wrote it into maestro-version.properties. */
    public static String maestroVersion() {
        try (InputStream in = SystemInfo.class.getResourceAsStream("/org/maestro/common/maestro-version.properties")) {
            if (in == null) {
                return UNKNOWN;
            }
            Properties p = new Properties();
            p.load(in);
            return p.getProperty("version", UNKNOWN);
        } catch (IOException e) {
            return UNKNOWN;
        }
    }

    /**
     * The version of the library holding {@code c}: its jar's Implementation-Version, else the version in the
     * pom.properties Maven put in the jar (many jars have only that), else "unknown".
     */
    public static String version(Class<?> c) {
        String v = c.getPackage() == null ? null : c.getPackage().getImplementationVersion();
        if (v != null) {
            return v;
        }
        try {
            URL source = c.getProtectionDomain().getCodeSource() == null ? null : c.getProtectionDomain().getCodeSource().getLocation();
            if (source != null && source.getPath().endsWith(".jar")) {
                try (JarFile jar = new JarFile(new File(source.toURI()))) {
                    var entries = jar.entries();
                    while (entries.hasMoreElements()) {
                        var e = entries.nextElement();
                        if (e.getName().startsWith("META-INF/maven/") && e.getName().endsWith("/pom.properties")) {
                            Properties p = new Properties();
                            try (InputStream in = jar.getInputStream(e)) {
                                p.load(in);
                            }
                            return p.getProperty("version", UNKNOWN);
                        }
                    }
                }
            }
        } catch (IOException | URISyntaxException | SecurityException e) {
            return UNKNOWN;
        }
        return UNKNOWN;
    }
}
