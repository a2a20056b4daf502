package org.maestro.common.dataserver;

import java.io.EOFException;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;

/** SHA-256 helpers: a fresh digest, lower-case hex, and the digest of the first N bytes of a file. */
public final class Sha256 {
    /** The HTTP header carrying the hex SHA-256 of exactly the bytes of the response body. */
    public static final String HEADER = "X-Checksum-SHA256";

    static final int BUFFER_SIZE = 64 * 1024;

    private Sha256() {
    }

    /** A new SHA-256 digest (every JVM has one). */
    public static MessageDigest newDigest() {
        try {
            return MessageDigest.getInstance("SHA-256");
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("this JVM has no SHA-256", e);
        }
    }

    /** Lower-case hex of {@code bytes}. */
    public static String hex(byte[] bytes) {
        return HexFormat.of().formatHex(bytes);
    }

    /** Whether {@code text} looks like a SHA-256 in hex (64 hex digits, any case). */
    public static boolean isHex(String text) {
        return text != null && text.length() == 64 && text.chars().allMatch(c -> Character.digit(c, 16) >= 0);
    }

    /**
     * The hex SHA-256 of the first {@code length} bytes of {@code channel}, read with positional reads (the
     * channel's position is untouched), so bytes appended meanwhile are ignored.
     *
     * @throws EOFException when the file has fewer than {@code length} bytes (it shrank)
     */
    static String ofPrefix(FileChannel channel, long length) throws IOException {
        MessageDigest digest = newDigest();
        ByteBuffer buffer = ByteBuffer.allocate(BUFFER_SIZE);
        long position = 0;
        while (position < length) {
            buffer.clear().limit((int) Math.min(buffer.capacity(), length - position));
            int read = channel.read(buffer, position);
            if (read < 0) {
                throw new EOFException("file shrank to " + position + " bytes while reading its first " + length);
            }
            position += read;
            buffer.flip();
            digest.update(buffer);
        }
        return hex(digest.digest());
    }
}
