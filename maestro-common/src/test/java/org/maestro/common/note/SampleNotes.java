package org.maestro.common.note;

import java.util.List;
import java.util.Map;

/** One sample note of every (type, command) the protocol defines, with non-trivial field values. */
public final class SampleNotes {
    private SampleNotes() {
    }

    public static final PeerInfo PEER = new PeerInfo("a1b2c3", "sender-1", "lab-7.example", Role.SENDER, "east");
    public static final Stats STATS = new Stats("t-42", Role.RECEIVER, "running", 12_345, 987_654_321L, 10_000.5,
            850, 1_200, 4_700, 18_000, -1, 3, 2, 1);

    public static List<Payload> all() {
        return List.of(
                new Payload.StartReceiver(1_700_000_000_500_000L), new Payload.StopReceiver(), new Payload.StartSender(1_700_000_000_500_000L),
                new Payload.Prepare(),
                new Payload.StopSender(), new Payload.StartInspector("jolokia"), new Payload.StopInspector(),
                new Payload.Flush(),
                new Payload.SetOptions(Map.of(TestOptions.RATE, "1000", TestOptions.DURATION, "1h30m",
                        TestOptions.SEND_URL, "amqp://127.0.0.1:5672/queue.a?x=ü")),
                new Payload.StatsRequest(), new Payload.Halt(), new Payload.Ping(1_700_000_000_123_456L),
                new Payload.Get("data.url"),
                new Payload.StartAgent("handlers/start.sh", List.of("a", "b c")),
                new Payload.StopAgent("handlers/stop.groovy", List.of()),
                new Payload.UserCommand1("handlers/restart-broker.sh", List.of("--wait", "5s", "'; rm -rf /")),
                new Payload.AgentSource("file:///srv/handlers.git", "v1.2"),
                new Payload.Ok("started"), new Payload.ProtocolError("bad field"),
                new Payload.InternalError("connection refused"),
                new Payload.PingReply(PEER, 1_700_000_000_123_456L, 1_700_000_000_124_000L, new ClockSource("6f1c2d3e-boot", "4242-1a2b3c")),
                new Payload.StatsReply(STATS), new Payload.GetReply("data.url", "http://127.0.0.1:8080/"),
                new Payload.AbnormalDisconnect(PEER), new Payload.NotifyFail("t-42", "p99 latency 31 ms > 20 ms"),
                new Payload.NotifySuccess("t-42", "1000000 messages"), new Payload.Progress(STATS),
                new Payload.HandlerOutcome("run-1", "handlers/restart-broker.sh", "failed", 3,
                        1_700_000_000_000_000L, 1_700_000_005_000_000L, "exit status 3"));
    }

    public static Note wrap(Payload p) {
        return switch (p.type()) {
            case REQUEST -> Note.request("client-1", p);
            case RESPONSE -> Note.reply("corr-1", "peer-1", p);
            case NOTIFICATION -> Note.notification("peer-1", p);
        };
    }
}
