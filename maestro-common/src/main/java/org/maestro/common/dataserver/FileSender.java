package org.maestro.common.dataserver;

import java.io.EOFException;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.security.MessageDigest;
import org.eclipse.jetty.http.HttpHeader;
import org.eclipse.jetty.io.Content;
import org.eclipse.jetty.server.Response;

/**
 * Sends one file as a consistent snapshot of a file that may still be growing: its length N is read
 * once, the SHA-256 of its first N bytes goes into the {@value Sha256#HEADER} header, then the same N
 * bytes are sent (two passes over the same open file).
 *
 * <p>The second pass digests again, and holds back the last chunk until that digest is known: if the
 * first N bytes changed in between (the file was rewritten, not appended to), the response is aborted
 * instead of completed, so a client never receives a complete body that contradicts its header.
 */
final class FileSender {
    private FileSender() {
    }

    /** Snapshot of the file, taken by {@link #open}. */
    static final class Snapshot implements AutoCloseable {
        private final FileChannel channel;
        private final long length;
        private final String sha256;

        private Snapshot(FileChannel channel, long length, String sha256) {
            this.channel = channel;
            this.length = length;
            this.sha256 = sha256;
        }

        long length() {
            return length;
        }

        String sha256() {
            return sha256;
        }

        @Override
        public void close() throws IOException {
            channel.close();
        }
    }

    /** Opens {@code file} (no symbolic link followed), fixes its length and digests that many bytes. */
    static Snapshot open(Path file) throws IOException {
        FileChannel channel = FileChannel.open(file, StandardOpenOption.READ, LinkOption.NOFOLLOW_LINKS);
        try {
            long length = channel.size();
            return new Snapshot(channel, length, Sha256.ofPrefix(channel, length));
        } catch (IOException | RuntimeException e) {
            channel.close();
            throw e;
        }
    }

    /** Puts Content-Type, Content-Length and the checksum header of {@code snapshot} on {@code response}. */
    static void headers(Response response, Snapshot snapshot, String fileName) {
        response.setStatus(200);
        response.getHeaders().put(HttpHeader.CONTENT_TYPE, ContentTypes.of(fileName));
        response.getHeaders().put(HttpHeader.CONTENT_LENGTH, snapshot.length);
        response.getHeaders().put(Sha256.HEADER, snapshot.sha256);
    }

    /**
     * Writes the snapshot's bytes as the body, blocking, and completes the response.
     *
     * @throws IOException when reading fails, the client goes away, or the bytes no longer match the
     *                     checksum sent (the response is then left incomplete)
     */
    static void body(Response response, Snapshot snapshot, String what) throws IOException {
        MessageDigest digest = Sha256.newDigest();
        byte[] buffer = new byte[Sha256.BUFFER_SIZE];
        ByteBuffer wrapped = ByteBuffer.wrap(buffer);
        OutputStream out = Content.Sink.asOutputStream(response);
        long position = 0;
        while (position < snapshot.length) {
            wrapped.clear().limit((int) Math.min(buffer.length, snapshot.length - position));
            int read = snapshot.channel.read(wrapped, position);
            if (read < 0) {
                throw new EOFException(what + " shrank to " + position + " bytes while being sent (" + snapshot.length
                        + " promised)");
            }
            digest.update(buffer, 0, read);
            position += read;
            if (position == snapshot.length) {
                String resent = Sha256.hex(digest.digest());
                if (!resent.equals(snapshot.sha256)) {
                    throw new IOException(what + " changed while being sent (its first " + snapshot.length
                            + " bytes were rewritten); response aborted");
                }
            }
            out.write(buffer, 0, read);
        }
        out.close();
    }
}
