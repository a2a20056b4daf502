package org.maestro.worker.driver.mqtt;

import org.junit.jupiter.api.Test;

import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The hand-off from Paho's callback to the receiver: in order, bounded in bytes, the loss after what was delivered. */
class InboxTest {

    @Test
    void bodiesComeInOrderThenTheLossIsSaid() throws Exception {
        Inbox inbox = new Inbox();
        assertNull(inbox.take(1), "nothing yet");
        inbox.arrived(new byte[]{1});
        inbox.arrived(new byte[]{2});
        inbox.lost("connection to mqtt://h:1883/t lost: gone");
        assertArrayEquals(new byte[]{1}, inbox.take(1));
        assertArrayEquals(new byte[]{2}, inbox.take(1));
        assertEquals("connection to mqtt://h:1883/t lost: gone", assertThrows(Inbox.Lost.class, () -> inbox.take(1)).getMessage());
    }

    @Test
    void aFullInboxHoldsTheCallbackUntilTheReceiverTakesOne() throws Exception {
        Inbox inbox = new Inbox();
        byte[] half = new byte[(int) (Inbox.CAPACITY_BYTES / 2)];
        inbox.arrived(half);
        inbox.arrived(half);
        CountDownLatch third = new CountDownLatch(1);
        Thread callback = new Thread(() -> {
            try {
                inbox.arrived(new byte[1]);
                third.countDown();
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        });
        callback.start();
        assertFalse(third.await(200, TimeUnit.MILLISECONDS), "past its bytes the callback waits");
        inbox.take(1);
        assertTrue(third.await(5, TimeUnit.SECONDS), "room again: it goes on");
        callback.join();
    }

    @Test
    void oneBodyBiggerThanTheBoundIsLetInAloneAndCloseFreesAWaitingCallback() throws Exception {
        Inbox inbox = new Inbox();
        inbox.arrived(new byte[(int) Inbox.CAPACITY_BYTES + 1]);
        Thread callback = new Thread(() -> {
            try {
                inbox.arrived(new byte[1]);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        });
        callback.start();
        inbox.close();
        callback.join(5000);
        assertFalse(callback.isAlive(), "close lets a waiting callback go");
        assertNull(inbox.take(1));
    }
}
