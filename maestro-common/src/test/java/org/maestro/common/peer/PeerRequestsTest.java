package org.maestro.common.peer;

import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.TimeUnit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** A peer's requests on the threads every peer of the process shares: in order, each peer's apart from the others'. */
class PeerRequestsTest {

    @Test
    void aPeersRequestsRunOneAtATimeInTheirOrderAndAFailureEndsOnlyItself() throws Exception {
        PeerRequests requests = new PeerRequests("p");
        List<Integer> ran = Collections.synchronizedList(new ArrayList<>());
        for (int i = 0; i < 100; i++) {
            int n = i;
            requests.execute(() -> {
                ran.add(n);
                if (n == 10) {
                    throw new NoClassDefFoundError("a request that ends in an Error, not an answer");
                }
            });
        }
        requests.shutdown();
        assertTrue(requests.awaitTermination(10, TimeUnit.SECONDS));
        List<Integer> expected = new ArrayList<>();
        for (int i = 0; i < 100; i++) {
            expected.add(i);
        }
        assertEquals(expected, ran, "every request, in order, the ones after the failed one too");
        assertThrows(RejectedExecutionException.class, () -> requests.execute(() -> { }));
    }

    @Test
    void aPeerWhoseRequestHangsHoldsUpNoOtherPeerAndIsInterruptedAtTheEnd() throws Exception {
        PeerRequests stuck = new PeerRequests("stuck");
        PeerRequests other = new PeerRequests("other");
        CountDownLatch never = new CountDownLatch(1);
        CountDownLatch interrupted = new CountDownLatch(1);
        stuck.execute(() -> {
            try {
                never.await();
            } catch (InterruptedException e) {
                interrupted.countDown();
            }
        });
        CountDownLatch answered = new CountDownLatch(1);
        other.execute(answered::countDown);
        assertTrue(answered.await(5, TimeUnit.SECONDS), "another peer's request ran while the first peer's hung");
        stuck.shutdown();
        assertFalse(stuck.awaitTermination(200, TimeUnit.MILLISECONDS), "the hung request did not end by itself");
        assertTrue(interrupted.await(5, TimeUnit.SECONDS), "the hung request was interrupted at the end of the wait");
    }
}
