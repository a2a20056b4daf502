package org.maestro.client.artemis;

import org.maestro.common.util.Trees;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.time.Duration;
import java.util.List;
import java.util.Properties;
import java.util.concurrent.TimeUnit;
import java.util.zip.ZipEntry;
import java.util.zip.ZipInputStream;

/**
 * The standalone ActiveMQ Artemis distribution ({@code org.apache.activemq:apache-artemis:<version>:bin}),
 * unpacked once into a cache ({@code ~/.cache/maestro/artemis-<version>/apache-artemis-<version>}) so that
 * {@code maestro run --local} can start a real broker on a machine with Java and nothing else.
 *
 * <p>The archive comes from where a Maven build put it ({@code ~/.m2/repository/org/apache/activemq/
 * apache-artemis/<version>/apache-artemis-<version>-bin.tar.gz} or {@code .zip}), else from Maven Central over
 * HTTPS. Either way it is checked against Maven Central's {@code .sha512} or {@code .sha1} (the one beside it in
 * {@code ~/.m2}, else the one on Central) before it is unpacked: a truncated or altered archive is refused with
 * the file and both digests. Unpacking goes to a temporary directory moved into place at the end, so a run
 * interrupted halfway, or two runs at once, never leave a half-unpacked distribution behind.
 *
 * @param version         e.g. 2.44.0 ({@link #pinnedVersion()})
 * @param cache           where distributions are unpacked ({@link #defaultCache()})
 * @param mavenRepository a local Maven repository to look in first (~/.m2/repository)
 * @param central         the Maven repository to download from ({@link #MAVEN_CENTRAL}); read with a trailing slash
 */
public record ArtemisDistribution(String version, Path cache, Path mavenRepository, URI central) {
    /** Maven Central, where the distribution is downloaded from when no Maven build put it in ~/.m2. */
    public static final URI MAVEN_CENTRAL = URI.create("https://repo1.maven.org/maven2/");
    private static final String ARTIFACT_PATH = "org/apache/activemq/apache-artemis/";
    /** The archive types, in the order they are looked for; the first is the one downloaded. */
    private static final List<String> TYPES = List.of("tar.gz", "zip");
    private static final Duration CONNECT_TIMEOUT = Duration.ofSeconds(15);
    private static final Duration DOWNLOAD_TIMEOUT = Duration.ofMinutes(10);
    private static final Duration UNTAR_TIMEOUT = Duration.ofMinutes(5);
    private static final Logger LOG = LoggerFactory.getLogger(ArtemisDistribution.class);

    public ArtemisDistribution {
        central = central.toString().endsWith("/") ? central : URI.create(central + "/");
    }

    /** The pinned version, from ~/.cache/maestro, ~/.m2/repository or Maven Central. */
    public static ArtemisDistribution standard() {
        return new ArtemisDistribution(pinnedVersion(), defaultCache(),
                Path.of(System.getProperty("user.home"), ".m2", "repository"), MAVEN_CENTRAL);
    }

    /** The version the root pom pins ({@code artemis.standalone.version}), the one the integration tests use. */
    public static String pinnedVersion() {
        try (InputStream in = ArtemisDistribution.class.getResourceAsStream("artemis.properties")) {
            if (in == null) {
                throw new IllegalStateException("artemis.properties is missing from maestro-common's classes: build it with Maven");
            }
            Properties p = new Properties();
            p.load(in);
            return p.getProperty("standalone.version");
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read artemis.properties of maestro-common", e);
        }
    }

    /** {@code $XDG_CACHE_HOME/maestro}, else {@code ~/.cache/maestro}. */
    public static Path defaultCache() {
        String xdg = System.getenv("XDG_CACHE_HOME");
        Path base = xdg != null && !xdg.isBlank() ? Path.of(xdg) : Path.of(System.getProperty("user.home"), ".cache");
        return base.resolve("maestro");
    }

    /** Where the distribution is (or will be) unpacked: the directory holding bin/artemis. */
    public Path home() {
        return cache.resolve("artemis-" + version).resolve("apache-artemis-" + version);
    }

    /** Whether the distribution is already unpacked in the cache. */
    public boolean isCached() {
        return Files.isRegularFile(home().resolve("bin/artemis"));
    }

    /**
     * The unpacked distribution's home, unpacking it first if it is not cached yet.
     *
     * @return the home and where it came from ("cached", or the archive's path or URL)
     * @throws IOException naming the file or URL and the cause when it cannot be found, fetched, verified or unpacked
     */
    public Unpacked unpack() throws IOException {
        if (isCached()) {
            return new Unpacked(home(), "cached in " + home());
        }
        Path target = home().getParent();
        Files.createDirectories(cache);
        Path work = Files.createTempDirectory(cache, ".artemis-" + version + "-");
        try {
            String from;
            Path archive = fromMavenRepository();
            if (archive != null) {
                from = archive.toString();
            } else {
                archive = download(work);
                from = url(TYPES.get(0)).toString();
            }
            Path unpacked = Files.createDirectories(work.resolve("unpacked"));
            extract(archive, unpacked);
            if (!Files.isRegularFile(unpacked.resolve("apache-artemis-" + version).resolve("bin/artemis"))) {
                throw new IOException(from + " holds no apache-artemis-" + version + "/bin/artemis");
            }
            try {
                Files.move(unpacked, target, StandardCopyOption.ATOMIC_MOVE);
            } catch (IOException e) {
                if (!isCached()) { // another run that unpacked at the same time is fine
                    throw new IOException("cannot move the unpacked distribution to " + target + ": " + e, e);
                }
            }
            home().resolve("bin/artemis").toFile().setExecutable(true);
            return new Unpacked(home(), from);
        } finally {
            Trees.delete(work);
        }
    }

    /** An unpacked distribution: {@code home} holds bin/artemis; {@code from} says where it came from. */
    public record Unpacked(Path home, String from) {
    }

    /** The archive a Maven build left in the local repository, verified; null when there is none. */
    private Path fromMavenRepository() throws IOException {
        for (String type : TYPES) {
            Path archive = mavenRepository.resolve(ARTIFACT_PATH + version + "/" + fileName(type));
            if (Files.isRegularFile(archive)) {
                Checksum expected = Checksum.besideOrNull(archive);
                verify(archive, expected != null ? expected : fetchChecksum(type), archive.toString());
                return archive;
            }
        }
        return null;
    }

    /** Downloads the archive into {@code work} and verifies it against Central's checksum. */
    private Path download(Path work) throws IOException {
        String type = TYPES.get(0);
        URI url = url(type);
        Checksum expected = fetchChecksum(type);
        Path archive = work.resolve(fileName(type));
        LOG.info("Downloading {}", url);
        HttpResponse<Path> response = send(url, HttpResponse.BodyHandlers.ofFile(archive), DOWNLOAD_TIMEOUT);
        if (response.statusCode() != 200) {
            throw new IOException("cannot download the Artemis distribution from " + url + ": HTTP status " + response.statusCode());
        }
        verify(archive, expected, url.toString());
        return archive;
    }

    /** Central's .sha512 of the archive, else its .sha1. */
    private Checksum fetchChecksum(String type) throws IOException {
        IOException last = null;
        for (String algorithm : Checksum.ALGORITHMS) {
            URI url = URI.create(url(type) + "." + algorithm);
            HttpResponse<String> response = send(url, HttpResponse.BodyHandlers.ofString(), CONNECT_TIMEOUT.multipliedBy(2));
            if (response.statusCode() == 200) {
                return Checksum.parse(algorithm, response.body(), url.toString());
            }
            last = new IOException("cannot download the checksum " + url + ": HTTP status " + response.statusCode());
        }
        throw last;
    }

    private <T> HttpResponse<T> send(URI url, HttpResponse.BodyHandler<T> body, Duration timeout) throws IOException {
        HttpClient http = HttpClient.newBuilder().connectTimeout(CONNECT_TIMEOUT)
                .followRedirects(HttpClient.Redirect.NORMAL).build();
        HttpRequest request = HttpRequest.newBuilder(url).timeout(timeout).GET().build();
        try {
            return http.send(request, body);
        } catch (IOException e) {
            throw new IOException("cannot download " + url + ": " + (e.getMessage() == null ? e.toString() : e.getMessage())
                    + " (no network? put the archive where Maven would: mvn dependency:get"
                    + " -Dartifact=org.apache.activemq:apache-artemis:" + version + ":tar.gz:bin)", e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IOException("interrupted while downloading " + url, e);
        }
    }

    private static void verify(Path archive, Checksum expected, String from) throws IOException {
        String actual = expected.of(archive);
        if (!actual.equalsIgnoreCase(expected.hex())) {
            throw new IOException("the Artemis distribution " + from + " does not match its checksum " + expected.source()
                    + ": " + expected.algorithm() + " " + actual + ", expected " + expected.hex()
                    + " (a truncated or altered file: delete it and run again)");
        }
    }

    private URI url(String type) {
        return central.resolve(ARTIFACT_PATH + version + "/" + fileName(type));
    }

    private String fileName(String type) {
        return "apache-artemis-" + version + "-bin." + type;
    }

    private static void extract(Path archive, Path into) throws IOException {
        if (archive.getFileName().toString().endsWith(".zip")) {
            unzip(archive, into);
        } else {
            untar(archive, into);
        }
    }

    /** With the system's tar, which keeps the archive's modes (bin/artemis is executable). */
    private static void untar(Path archive, Path into) throws IOException {
        Process tar = new ProcessBuilder("tar", "-xzf", archive.toString(), "-C", into.toString())
                .redirectErrorStream(true).start();
        tar.getOutputStream().close();
        try {
            String output;
            try (InputStream out = tar.getInputStream()) {
                output = new String(out.readAllBytes(), StandardCharsets.UTF_8).trim();
            }
            if (!tar.waitFor(UNTAR_TIMEOUT.toSeconds(), TimeUnit.SECONDS)) {
                tar.destroyForcibly();
                throw new IOException("tar -xzf " + archive + " did not finish within " + UNTAR_TIMEOUT.toMinutes() + " min");
            }
            if (tar.exitValue() != 0) {
                throw new IOException("tar -xzf " + archive + " failed with status " + tar.exitValue() + ": " + output);
            }
        } catch (InterruptedException e) {
            tar.destroyForcibly();
            Thread.currentThread().interrupt();
            throw new IOException("interrupted while unpacking " + archive, e);
        }
    }

    /** A zip has no Unix modes for java.util.zip: the scripts of bin/ are made executable. */
    private static void unzip(Path archive, Path into) throws IOException {
        try (ZipInputStream zip = new ZipInputStream(Files.newInputStream(archive))) {
            for (ZipEntry entry = zip.getNextEntry(); entry != null; entry = zip.getNextEntry()) {
                Path target = into.resolve(entry.getName()).normalize();
                if (!target.startsWith(into)) {
                    throw new IOException(archive + " has an entry outside its directory: " + entry.getName());
                }
                if (entry.isDirectory()) {
                    Files.createDirectories(target);
                    continue;
                }
                Files.createDirectories(target.getParent());
                Files.copy(zip, target, StandardCopyOption.REPLACE_EXISTING);
                if (target.getParent().getFileName().toString().equals("bin")) {
                    target.toFile().setExecutable(true);
                }
            }
        }
    }
}
