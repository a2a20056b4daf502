package org.maestro.client.data;

import org.maestro.common.dataserver.Sha256;

import java.io.IOException;
import java.net.http.HttpResponse;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.security.MessageDigest;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.Flow;
import java.util.concurrent.atomic.AtomicLong;

/**
 * Receives a response body into a file, digesting it on the way (SHA-256) and counting bytes in a shared
 * counter, which the caller watches to tell a slow transfer from a stalled one.
 */
final class DownloadSubscriber implements HttpResponse.BodySubscriber<DownloadSubscriber.Received> {

    /** The body as received: its length and hex SHA-256. */
    record Received(long bytes, String sha256) {
    }

    private final FileChannel out;
    private final AtomicLong progress;
    private final MessageDigest digest = Sha256.newDigest();
    private final CompletableFuture<Received> result = new CompletableFuture<>();
    private volatile Flow.Subscription subscription;
    private long bytes;

    /**
     * @param out      where the body goes (the caller opens and closes it)
     * @param progress incremented by every byte received
     */
    DownloadSubscriber(FileChannel out, AtomicLong progress) {
        this.out = out;
        this.progress = progress;
    }

    @Override
    public CompletionStage<Received> getBody() {
        return result;
    }

    @Override
    public void onSubscribe(Flow.Subscription s) {
        subscription = s;
        s.request(1);
    }

    @Override
    public void onNext(List<ByteBuffer> buffers) {
        try {
            for (ByteBuffer buffer : buffers) {
                int n = buffer.remaining();
                digest.update(buffer.duplicate());
                while (buffer.hasRemaining()) {
                    out.write(buffer);
                }
                bytes += n;
                progress.addAndGet(n);
            }
            subscription.request(1);
        } catch (IOException e) {
            subscription.cancel();
            result.completeExceptionally(e);
        }
    }

    @Override
    public void onError(Throwable throwable) {
        result.completeExceptionally(throwable);
    }

    @Override
    public void onComplete() {
        result.complete(new Received(bytes, Sha256.hex(digest.digest())));
    }

    /** Stops receiving (a stalled transfer). */
    void cancel() {
        Flow.Subscription s = subscription;
        if (s != null) {
            s.cancel();
        }
        result.completeExceptionally(new IOException("cancelled"));
    }
}
