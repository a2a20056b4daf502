package org.maestro.common.note;

import java.io.IOException;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * The typed body of a note: one record per (type, command). Each payload knows its type and
 * command, so a note's header is derived from it and can never disagree with it. Fields are
 * written in the order declared; a reader skips fields it does not know (added by a newer peer),
 * so new fields go at the end. docs/protocol.md lists every payload.
 */
public sealed interface Payload {

    NoteType type();

    Command command();

    void write(PayloadWriter out) throws IOException;

    /** A request: sent by the client to peers. */
    sealed interface Request extends Payload {
        @Override
        default NoteType type() {
            return NoteType.REQUEST;
        }
    }

    /** A response: sent by a peer to the client, correlated with a request. */
    sealed interface Response extends Payload {
        @Override
        default NoteType type() {
            return NoteType.RESPONSE;
        }
    }

    /** A notification: sent by a peer to the client unasked. */
    sealed interface Notification extends Payload {
        @Override
        default NoteType type() {
            return NoteType.NOTIFICATION;
        }
    }

    /** A start instant of 0: start as soon as the request arrives. */
    long AT_ONCE = 0;

    /** A request with no fields. */
    sealed interface EmptyRequest extends Request {
        @Override
        default void write(PayloadWriter out) {
            // no fields
        }
    }

    // ---- requests: client to peers ----

    /**
     * Start receiving: at {@code startAtMicros} (the peer's own wall clock, epoch microseconds; the client translates
     * its common start instant with the peer's measured clock offset), or at once when 0. An appended field: an older
     * client sends none (at once), an older peer skips it.
     */
    record StartReceiver(long startAtMicros) implements Request {
        /** Start at once. */
        public StartReceiver() {
            this(AT_ONCE);
        }

        public Command command() {
            return Command.START_RECEIVER;
        }

        public void write(PayloadWriter out) throws IOException {
            out.int64(startAtMicros);
        }
    }

    record StopReceiver() implements EmptyRequest {
        public Command command() {
            return Command.STOP_RECEIVER;
        }
    }

    /** Start sending: the sender's schedule begins at {@code startAtMicros}, as {@link StartReceiver}'s. */
    record StartSender(long startAtMicros) implements Request {
        /** Start at once. */
        public StartSender() {
            this(AT_ONCE);
        }

        public Command command() {
            return Command.START_SENDER;
        }

        public void write(PayloadWriter out) throws IOException {
            out.int64(startAtMicros);
        }
    }

    /**
     * A sender or receiver opens its SUT connections for the test SET, before START (whose round trip then carries no
     * connecting); a connection the SUT refuses is the INTERNAL_ERROR answer, naming the peer, before any START.
     */
    record Prepare() implements EmptyRequest {
        public Command command() {
            return Command.PREPARE;
        }
    }

    record StopSender() implements EmptyRequest {
        public Command command() {
            return Command.STOP_SENDER;
        }
    }

    /** @param inspectorType which inspector to start ("" = the one named by SET) */
    record StartInspector(String inspectorType) implements Request {
        public Command command() {
            return Command.START_INSPECTOR;
        }

        public void write(PayloadWriter out) throws IOException {
            out.string(inspectorType);
        }
    }

    record StopInspector() implements EmptyRequest {
        public Command command() {
            return Command.STOP_INSPECTOR;
        }
    }

    /** Write every buffered data file to disk now. */
    record Flush() implements EmptyRequest {
        public Command command() {
            return Command.FLUSH;
        }
    }

    /** Test parameters, by name (see {@link TestOptions} for the names peers understand). */
    record SetOptions(Map<String, String> options) implements Request {
        public SetOptions {
            options = Map.copyOf(options);
        }

        public Command command() {
            return Command.SET;
        }

        public void write(PayloadWriter out) throws IOException {
            out.stringMap(new TreeMap<>(options));
        }
    }

    record StatsRequest() implements EmptyRequest {
        public Command command() {
            return Command.STATS;
        }
    }

    /** Stop the peer process cleanly. */
    record Halt() implements EmptyRequest {
        public Command command() {
            return Command.HALT;
        }
    }

    /** @param clientTimeMicros the client's clock when it sent the ping (epoch microseconds) */
    record Ping(long clientTimeMicros) implements Request {
        public Command command() {
            return Command.PING;
        }

        public void write(PayloadWriter out) throws IOException {
            out.int64(clientTimeMicros);
        }
    }

    /** Ask a peer for one named value, e.g. its data server URL. */
    record Get(String key) implements Request {
        public Command command() {
            return Command.GET;
        }

        public void write(PayloadWriter out) throws IOException {
            out.string(key);
        }
    }

    /** Agent: run a handler of its source repository at the start of the test. */
    record StartAgent(String handler, List<String> args) implements Request {
        public StartAgent {
            args = List.copyOf(args);
        }

        public Command command() {
            return Command.START_AGENT;
        }

        public void write(PayloadWriter out) throws IOException {
            out.string(handler).strings(args);
        }
    }

    /** Agent: run a handler at the end of the test. */
    record StopAgent(String handler, List<String> args) implements Request {
        public StopAgent {
            args = List.copyOf(args);
        }

        public Command command() {
            return Command.STOP_AGENT;
        }

        public void write(PayloadWriter out) throws IOException {
            out.string(handler).strings(args);
        }
    }

    /** Agent: run a handler now (the scenario's scheduled actions). */
    record UserCommand1(String handler, List<String> args) implements Request {
        public UserCommand1 {
            args = List.copyOf(args);
        }

        public Command command() {
            return Command.USER_COMMAND_1;
        }

        public void write(PayloadWriter out) throws IOException {
            out.string(handler).strings(args);
        }
    }

    /** Agent: clone or update the handler repository. @param branch branch or tag, "" for the default */
    record AgentSource(String url, String branch) implements Request {
        public Command command() {
            return Command.AGENT_SOURCE;
        }

        public void write(PayloadWriter out) throws IOException {
            out.string(url).string(branch);
        }
    }

    // ---- responses: peer to client, correlated with a request ----

    record Ok(String detail) implements Response {
        public Command command() {
            return Command.OK;
        }

        public void write(PayloadWriter out) throws IOException {
            out.string(detail);
        }
    }

    /** The request could not be decoded. @param reason what was wrong with it */
    record ProtocolError(String reason) implements Response {
        public Command command() {
            return Command.PROTOCOL_ERROR;
        }

        public void write(PayloadWriter out) throws IOException {
            out.string(reason);
        }
    }

    /** The request was understood but could not be carried out. */
    record InternalError(String reason) implements Response {
        public Command command() {
            return Command.INTERNAL_ERROR;
        }

        public void write(PayloadWriter out) throws IOException {
            out.string(reason);
        }
    }

    /**
     * The answer to PING: who the peer is and its clock, so the client can estimate the round trip
     * and the clock offset; and which clock it is ({@code clock}: boot id and process, appended fields an older peer
     * does not send), so the client can tell a peer that reads its own clock.
     */
    record PingReply(PeerInfo peer, long clientTimeMicros, long peerTimeMicros, ClockSource clock) implements Response {
        public PingReply {
            clock = clock == null ? ClockSource.UNKNOWN : clock;
        }

        public Command command() {
            return Command.PING;
        }

        public void write(PayloadWriter out) throws IOException {
            out.peer(peer).int64(clientTimeMicros).int64(peerTimeMicros).string(clock.bootId()).string(clock.process());
        }
    }

    record StatsReply(Stats stats) implements Response {
        public Command command() {
            return Command.STATS;
        }

        public void write(PayloadWriter out) throws IOException {
            out.stats(stats);
        }
    }

    record GetReply(String key, String value) implements Response {
        public Command command() {
            return Command.GET;
        }

        public void write(PayloadWriter out) throws IOException {
            out.string(key).string(value);
        }
    }

    // ---- notifications: peer to client, unsolicited ----

    /** A peer's connection to the MQTT broker broke without a clean disconnect (its last will). */
    record AbnormalDisconnect(PeerInfo peer) implements Notification {
        public Command command() {
            return Command.ABNORMAL_DISCONNECT;
        }

        public void write(PayloadWriter out) throws IOException {
            out.peer(peer);
        }
    }

    record NotifyFail(String testId, String reason) implements Notification {
        public Command command() {
            return Command.NOTIFY_FAIL;
        }

        public void write(PayloadWriter out) throws IOException {
            out.string(testId).string(reason);
        }
    }

    record NotifySuccess(String testId, String detail) implements Notification {
        public Command command() {
            return Command.NOTIFY_SUCCESS;
        }

        public void write(PayloadWriter out) throws IOException {
            out.string(testId).string(detail);
        }
    }

    record Progress(Stats stats) implements Notification {
        public Command command() {
            return Command.NOTIFY_PROGRESS;
        }

        public void write(PayloadWriter out) throws IOException {
            out.stats(stats);
        }
    }

    /**
     * An agent handler run has ended.
     *
     * @param runId       the id the agent gave this run
     * @param handler     the handler's path in the source repository
     * @param outcome     succeeded, failed, timed-out or refused
     * @param exitStatus  the process exit status (0 for a Groovy handler that returned), -1 when none
     * @param startMicros start, epoch microseconds
     * @param endMicros   end, epoch microseconds
     * @param reason      why it failed, "" when it succeeded
     */
    record HandlerOutcome(String runId, String handler, String outcome, long exitStatus, long startMicros,
                          long endMicros, String reason) implements Notification {
        public Command command() {
            return Command.NOTIFY_HANDLER;
        }

        public void write(PayloadWriter out) throws IOException {
            out.string(runId).string(handler).string(outcome).int64(exitStatus).int64(startMicros).int64(endMicros)
                    .string(reason);
        }
    }
}
