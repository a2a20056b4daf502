package org.maestro.client.artemis;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.DigestInputStream;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;
import java.util.List;
import java.util.Locale;

/**
 * A checksum as Maven repositories publish it beside each file ({@code file.sha512}, {@code file.sha1}: the hex
 * digest, sometimes followed by the file name).
 *
 * @param algorithm {@code sha512} or {@code sha1}, the checksum file's extension
 * @param hex       the expected digest, lower case
 * @param source    where it was read (a path or URL), for messages
 */
record Checksum(String algorithm, String hex, String source) {
    /** The checksum files looked for, strongest first. */
    static final List<String> ALGORITHMS = List.of("sha512", "sha1");

    /** The checksum file beside {@code file} (strongest first), or null when there is none. */
    static Checksum besideOrNull(Path file) throws IOException {
        for (String algorithm : ALGORITHMS) {
            Path beside = file.resolveSibling(file.getFileName() + "." + algorithm);
            if (Files.isRegularFile(beside)) {
                return parse(algorithm, Files.readString(beside, StandardCharsets.UTF_8), beside.toString());
            }
        }
        return null;
    }

    /** The digest in a checksum file's text: its first word, which must be hex of the algorithm's length. */
    static Checksum parse(String algorithm, String text, String source) throws IOException {
        String hex = text.trim().split("\\s+", 2)[0].toLowerCase(Locale.ROOT);
        int length = algorithm.equals("sha512") ? 128 : 40;
        if (hex.length() != length || !hex.chars().allMatch(c -> Character.digit(c, 16) >= 0)) {
            throw new IOException(source + " holds no " + algorithm + " checksum (" + length + " hex digits): '"
                    + text.trim() + "'");
        }
        return new Checksum(algorithm, hex, source);
    }

    /** The digest of {@code file} with this checksum's algorithm, lower-case hex. */
    String of(Path file) throws IOException {
        MessageDigest digest;
        try {
            digest = MessageDigest.getInstance(algorithm.equals("sha512") ? "SHA-512" : "SHA-1");
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("this JVM has no " + algorithm, e);
        }
        try (InputStream in = new DigestInputStream(Files.newInputStream(file), digest)) {
            in.transferTo(OutputStream.nullOutputStream());
        }
        return HexFormat.of().formatHex(digest.digest());
    }
}
