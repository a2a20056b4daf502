package org.maestro.client.data;

import org.maestro.common.dataserver.DataServer;
import org.maestro.common.dataserver.DataToken;
import org.maestro.common.dataserver.Manifest;
import org.maestro.common.dataserver.ManifestEntry;
import org.maestro.common.dataserver.RelativePath;
import org.maestro.common.dataserver.Sha256;

import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.net.ConnectException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpConnectTimeoutException;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.net.http.HttpTimeoutException;
import java.nio.channels.FileChannel;
import java.nio.channels.UnresolvedAddressException;
import java.nio.charset.StandardCharsets;
import java.nio.file.AtomicMoveNotSupportedException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.StandardOpenOption;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Objects;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.AtomicReference;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Downloads a directory from a peer's {@link DataServer}, with the peer's {@link DataToken} in every request's
 * {@code Authorization} header (never in a message: requests are named by URL alone): the manifest, then each file, each verified
 * against the {@value Sha256#HEADER} header sent with it. A file is written under a temporary name and
 * renamed only once verified, so a file with its final name is always complete and correct.
 *
 * <p>Nothing hangs on a dead peer: connecting is bounded by the connect timeout, waiting for a response
 * by the request timeout, and a body that stops arriving for a whole request timeout is abandoned.
 */
public final class DataClient {
    private static final Logger LOG = LoggerFactory.getLogger(DataClient.class);

    /** Connect timeout of {@link #fetchAll}. */
    public static final Duration DEFAULT_CONNECT_TIMEOUT = Duration.ofSeconds(5);
    /** Request timeout of {@link #fetchAll}: for a response to start, and for a stalled body. */
    public static final Duration DEFAULT_REQUEST_TIMEOUT = Duration.ofSeconds(30);

    private static final ObjectMapper JSON = new ObjectMapper()
            .configure(DeserializationFeature.FAIL_ON_UNKNOWN_PROPERTIES, false);
    private static final int MAX_ERROR_TEXT = 300;

    private final HttpClient http;
    private final Duration connectTimeout;
    private final Duration requestTimeout;

    /** A client with its own timeouts (tests use short ones). */
    public DataClient(Duration connectTimeout, Duration requestTimeout) {
        this.connectTimeout = Objects.requireNonNull(connectTimeout, "connectTimeout");
        this.requestTimeout = Objects.requireNonNull(requestTimeout, "requestTimeout");
        this.http = HttpClient.newBuilder()
                .version(HttpClient.Version.HTTP_1_1)
                .followRedirects(HttpClient.Redirect.NEVER)
                .connectTimeout(connectTimeout)
                .build();
    }

    /** Lazily created client with the default timeouts. */
    private static final class Default {
        static final DataClient INSTANCE = new DataClient(DEFAULT_CONNECT_TIMEOUT, DEFAULT_REQUEST_TIMEOUT);
    }

    /**
     * Downloads every file under {@code dir} on the server into {@code target}, keeping paths relative to
     * {@code dir}, with the default timeouts.
     *
     * @param serverUrl the server's base URL, as {@link DataServer#url()} gives it
     * @param token     the server's token, as the peer told it ({@code GET data.token})
     * @param dir       directory relative to the server's data directory ("" or null for all of it)
     * @param target    local directory, created if needed
     * @return how many files and bytes, and which files changed between manifest and download
     * @throws DataTransferException    on an unreachable server, an HTTP error, an invalid manifest or a
     *                                  checksum mismatch; the message names the URL or file
     * @throws IllegalArgumentException when {@code dir} is not a safe relative path (e.g. contains "..")
     */
    public static FetchResult fetchAll(URI serverUrl, DataToken token, String dir, Path target) throws DataTransferException {
        return Default.INSTANCE.fetch(serverUrl, token, dir, target);
    }

    /** As {@link #fetchAll}, with this client's timeouts. */
    public FetchResult fetch(URI serverUrl, DataToken token, String dir, Path target) throws DataTransferException {
        Objects.requireNonNull(token, "token");
        RelativePath prefix = RelativePath.parse(dir);
        Manifest manifest = manifest(serverUrl, token, dir);
        List<RelativePath> paths = validate(manifest, prefix, manifestUrl(serverUrl, prefix));
        try {
            Files.createDirectories(target);
        } catch (IOException e) {
            throw new DataTransferException("cannot create the target directory " + target + ": " + e, e);
        }
        long bytes = 0;
        List<String> changed = new ArrayList<>();
        for (int i = 0; i < paths.size(); i++) {
            RelativePath local = paths.get(i).relativeTo(prefix);
            Path destination;
            try {
                destination = local.under(target);
            } catch (IllegalArgumentException e) {
                throw new DataTransferException("cannot store '" + local + "' from " + serverUrl + " under " + target + ": "
                        + e.getMessage());
            }
            DownloadSubscriber.Received received = download(fileUrl(serverUrl, paths.get(i)), token, destination);
            bytes += received.bytes();
            if (!received.sha256().equalsIgnoreCase(manifest.files().get(i).sha256())) {
                LOG.info("{} changed between manifest and download ({} -> {} bytes): still being written",
                        local, manifest.files().get(i).size(), received.bytes());
                changed.add(local.toString());
            }
        }
        LOG.info("fetched {} files ({} bytes) from {} into {}", paths.size(), bytes, manifestUrl(serverUrl, prefix),
                target);
        return new FetchResult(paths.size(), bytes, changed);
    }

    /** The manifest of {@code dir} (relative to the server's data directory; "" or null for all of it). */
    public Manifest manifest(URI serverUrl, DataToken token, String dir) throws DataTransferException {
        URI url = manifestUrl(serverUrl, RelativePath.parse(dir));
        HttpResponse<byte[]> response = await(url, http.sendAsync(request(url, token), HttpResponse.BodyHandlers.ofByteArray()),
                new AtomicLong(), () -> { });
        if (response.statusCode() != 200) {
            throw httpError(url, response.statusCode(), new String(response.body(), StandardCharsets.UTF_8));
        }
        try {
            return JSON.readValue(response.body(), Manifest.class);
        } catch (IOException e) {
            throw new DataTransferException("the manifest from " + url + " is not a valid manifest: "
                    + firstLine(e.getMessage()), e);
        }
    }

    /**
     * Downloads one file to {@code destination} (parent directories created), verified against the checksum
     * header; replaces an existing file only once verified.
     *
     * @return the bytes received and their checksum
     */
    DownloadSubscriber.Received download(URI url, DataToken token, Path destination) throws DataTransferException {
        Path partial;
        try {
            Files.createDirectories(destination.getParent());
            partial = Files.createTempFile(destination.getParent(), ".download-", ".part");
        } catch (IOException e) {
            throw new DataTransferException("cannot create " + destination + " for " + url + ": " + e, e);
        }
        boolean done = false;
        try {
            DownloadSubscriber.Received received;
            String checksum;
            try (FileChannel out = FileChannel.open(partial, StandardOpenOption.WRITE)) {
                AtomicLong progress = new AtomicLong();
                AtomicReference<DownloadSubscriber> subscriber = new AtomicReference<>();
                HttpResponse.BodyHandler<Object> handler = info -> {
                    if (info.statusCode() != 200) {
                        return HttpResponse.BodySubscribers.mapping(
                                HttpResponse.BodySubscribers.ofString(StandardCharsets.UTF_8), text -> text);
                    }
                    DownloadSubscriber s = new DownloadSubscriber(out, progress);
                    subscriber.set(s);
                    return HttpResponse.BodySubscribers.mapping(s, r -> r);
                };
                HttpResponse<Object> response = await(url, http.sendAsync(request(url, token), handler), progress, () -> {
                    DownloadSubscriber s = subscriber.get();
                    if (s != null) {
                        s.cancel();
                    }
                });
                if (response.statusCode() != 200) {
                    throw httpError(url, response.statusCode(), String.valueOf(response.body()));
                }
                received = (DownloadSubscriber.Received) response.body();
                checksum = response.headers().firstValue(Sha256.HEADER).orElseThrow(() -> new DataTransferException(
                        url + ": the response has no " + Sha256.HEADER + " header, cannot verify it"));
                out.force(false);
            } catch (IOException e) {
                throw new DataTransferException("cannot write " + partial + " for " + url + ": " + e, e);
            }
            verifyChecksum(url.toString(), checksum, received.sha256());
            move(partial, destination);
            done = true;
            LOG.debug("{} -> {}: {} bytes, sha256 {}", url, destination, received.bytes(), received.sha256());
            return received;
        } finally {
            if (!done) {
                deleteQuietly(partial);
            }
        }
    }

    /**
     * Checks that what was received matches the checksum the server sent with it.
     *
     * @param what     the file or URL, for the message
     * @param expected the hex SHA-256 the server sent (case ignored)
     * @param actual   the hex SHA-256 of the bytes received
     * @throws DataTransferException naming {@code what} and both checksums when they differ or the expected
     *                               one is not a SHA-256
     */
    static void verifyChecksum(String what, String expected, String actual) throws DataTransferException {
        if (!Sha256.isHex(expected)) {
            throw new DataTransferException(what + ": the server's checksum '" + expected + "' is not a hex SHA-256");
        }
        if (!expected.equalsIgnoreCase(actual)) {
            throw new DataTransferException(what + ": checksum mismatch, the data is corrupt: the server sent sha256 "
                    + expected.toLowerCase() + ", the bytes received have sha256 " + actual);
        }
    }

    /** Checks the manifest names only files under {@code prefix}, once each, and returns their paths. */
    private static List<RelativePath> validate(Manifest manifest, RelativePath prefix, URI url)
            throws DataTransferException {
        if (!prefix.toString().equals(manifest.root())) {
            throw new DataTransferException("the manifest from " + url + " lists '" + manifest.root() + "', not '"
                    + prefix + "'");
        }
        List<RelativePath> paths = new ArrayList<>();
        Set<RelativePath> seen = new HashSet<>();
        for (ManifestEntry entry : manifest.files()) {
            RelativePath path;
            try {
                path = RelativePath.parse(entry.path());
            } catch (IllegalArgumentException e) {
                throw new DataTransferException("the manifest from " + url + " names an unsafe path '" + entry.path() + "': "
                        + e.getMessage());
            }
            if (path.isRoot() || path.equals(prefix) || !path.startsWith(prefix)) {
                throw new DataTransferException("the manifest from " + url + " names '" + entry.path()
                        + "', which is not a file under '" + prefix + "'");
            }
            if (!seen.add(path)) {
                throw new DataTransferException("the manifest from " + url + " names '" + entry.path() + "' twice");
            }
            if (entry.size() < 0 || !Sha256.isHex(entry.sha256())) {
                throw new DataTransferException("the manifest from " + url + " has an invalid size or sha256 for '"
                        + entry.path() + "'");
            }
            paths.add(path);
        }
        return paths;
    }

    /**
     * Waits for a response and its whole body: gives up when the transfer made no progress for a whole
     * request timeout (the request's own timeout covers the wait for the response to start).
     */
    private <T> HttpResponse<T> await(URI url, CompletableFuture<HttpResponse<T>> future, AtomicLong progress,
                                      Runnable abort) throws DataTransferException {
        long seen = -1;
        try {
            while (true) {
                try {
                    return future.get(requestTimeout.toMillis(), TimeUnit.MILLISECONDS);
                } catch (TimeoutException e) {
                    long now = progress.get();
                    if (now == seen) {
                        future.cancel(true);
                        abort.run();
                        throw new DataTransferException(url + ": transfer stalled, nothing received for "
                                + format(requestTimeout) + " (" + now + " bytes received)");
                    }
                    seen = now;
                }
            }
        } catch (ExecutionException e) {
            throw failure(url, e.getCause());
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            future.cancel(true);
            abort.run();
            throw new DataTransferException(url + ": interrupted", e);
        }
    }

    private DataTransferException failure(URI url, Throwable cause) {
        while ((cause instanceof CompletionException || cause instanceof ExecutionException) && cause.getCause() != null) {
            cause = cause.getCause();
        }
        if (cause instanceof HttpConnectTimeoutException) {
            return new DataTransferException("cannot connect to " + url + ": no connection within "
                    + format(connectTimeout), cause);
        }
        if (cause instanceof HttpTimeoutException) {
            return new DataTransferException(url + ": no response within " + format(requestTimeout), cause);
        }
        if (cause instanceof ConnectException && cause.getCause() instanceof UnresolvedAddressException) {
            // The JDK's client reports a name that does not resolve as a ConnectException with no message.
            return new DataTransferException("cannot connect to " + url + ": unknown host " + url.getHost(), cause);
        }
        if (cause instanceof ConnectException) {
            String detail = cause.getMessage() == null
                    ? "connection refused (is the peer's data server running?)" : cause.getMessage();
            return new DataTransferException("cannot connect to " + url + ": " + detail, cause);
        }
        if (cause instanceof DataTransferException dte) {
            return dte;
        }
        String detail = cause == null ? "unknown error"
                : cause.getMessage() == null ? cause.getClass().getSimpleName() : cause.getMessage();
        return new DataTransferException("transfer from " + url + " failed: " + detail, cause);
    }

    private static DataTransferException httpError(URI url, int status, String body) {
        String text = body == null ? "" : body.strip();
        if (text.length() > MAX_ERROR_TEXT) {
            text = text.substring(0, MAX_ERROR_TEXT) + "...";
        }
        return new DataTransferException(url + ": HTTP " + status + (text.isEmpty() ? "" : ": " + text));
    }

    /** A GET with the token; HttpRequest's toString shows the method and URL only, never a header. */
    private HttpRequest request(URI url, DataToken token) {
        return HttpRequest.newBuilder(url).timeout(requestTimeout).header("Authorization", token.authorization()).GET().build();
    }

    private static URI manifestUrl(URI serverUrl, RelativePath dir) {
        return URI.create(base(serverUrl) + "manifest" + (dir.isRoot() ? "" : "?dir=" + dir.toUrlPath()));
    }

    private static URI fileUrl(URI serverUrl, RelativePath path) {
        return URI.create(base(serverUrl) + "files/" + path.toUrlPath());
    }

    /** The server URL as a string ending in '/'. */
    private static String base(URI serverUrl) {
        String text = serverUrl.toString();
        return text.endsWith("/") ? text : text + "/";
    }

    private static void move(Path from, Path to) throws DataTransferException {
        try {
            try {
                Files.move(from, to, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
            } catch (AtomicMoveNotSupportedException e) {
                Files.move(from, to, StandardCopyOption.REPLACE_EXISTING);
            }
        } catch (IOException e) {
            throw new DataTransferException("cannot move the downloaded " + from + " to " + to + ": " + e, e);
        }
    }

    private static void deleteQuietly(Path file) {
        try {
            Files.deleteIfExists(file);
        } catch (IOException e) {
            LOG.warn("cannot delete the partial download {}: {}", file, e.toString());
        }
    }

    private static String firstLine(String text) {
        if (text == null) {
            return "unreadable";
        }
        int newline = text.indexOf('\n');
        return newline < 0 ? text : text.substring(0, newline);
    }

    private static String format(Duration duration) {
        return duration.toMillis() % 1000 == 0 ? duration.toSeconds() + " s" : duration.toMillis() + " ms";
    }
}
