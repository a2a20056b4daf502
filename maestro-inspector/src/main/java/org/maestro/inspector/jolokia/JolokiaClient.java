package org.maestro.inspector.jolokia;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import org.maestro.inspector.InspectorException;

import java.io.IOException;
import java.net.ConnectException;
import java.net.http.HttpClient;
import java.net.http.HttpConnectTimeoutException;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.net.http.HttpTimeoutException;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.Base64;

/**
 * Posts a bulk request (a JSON array of Jolokia requests) and returns the JSON array of answers, after
 * checking everything that can be wrong with the exchange as a whole: no connection, no answer within the
 * timeout, HTTP status, a body that is not JSON, and a JSON error object in place of the array (Jolokia
 * answers HTTP 200 with {@code "status":403} when the Origin is refused, so the JSON status is checked too).
 * Each answer in the array keeps its own status for the caller to check.
 */
final class JolokiaClient {
    private static final ObjectMapper JSON = new ObjectMapper();
    private static final int SHOWN_BODY_CHARS = 200;

    private final JolokiaEndpoint endpoint;
    private final Duration timeout;
    private final HttpClient http;

    JolokiaClient(JolokiaEndpoint endpoint, Duration timeout) {
        this.endpoint = endpoint;
        this.timeout = timeout;
        this.http = HttpClient.newBuilder().connectTimeout(timeout).followRedirects(HttpClient.Redirect.NEVER).build();
    }

    /** Sends {@code requests} (a JSON array) and returns Jolokia's array of answers, one per request. */
    JsonNode bulk(JsonNode requests) throws InspectorException {
        HttpRequest.Builder request = HttpRequest.newBuilder(endpoint.uri())
                .timeout(timeout)
                .header("Content-Type", "application/json")
                .header("Accept", "application/json")
                .header("Origin", endpoint.origin())
                .POST(HttpRequest.BodyPublishers.ofString(requests.toString(), StandardCharsets.UTF_8));
        if (endpoint.hasCredentials()) {
            String basic = Base64.getEncoder().encodeToString((endpoint.user() + ":" + endpoint.password())
                    .getBytes(StandardCharsets.UTF_8));
            request.header("Authorization", "Basic " + basic);
        }
        HttpResponse<String> response;
        try {
            response = http.send(request.build(), HttpResponse.BodyHandlers.ofString(StandardCharsets.UTF_8));
        } catch (HttpConnectTimeoutException e) {
            throw new InspectorException("cannot connect to Jolokia at " + endpoint + ": no connection within "
                    + timeout.toMillis() + " ms", e);
        } catch (HttpTimeoutException e) {
            throw new InspectorException("Jolokia at " + endpoint + " did not answer within " + timeout.toMillis() + " ms", e);
        } catch (ConnectException e) {
            throw new InspectorException("cannot connect to Jolokia at " + endpoint + ": "
                    + (e.getMessage() == null ? "connection refused" : e.getMessage()), e);
        } catch (IOException e) {
            throw new InspectorException("Jolokia at " + endpoint + ": " + describe(e), e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new InspectorException("interrupted while asking Jolokia at " + endpoint, e);
        }
        return checked(response.statusCode(), response.body());
    }

    /** The answers in {@code body}, or an exception saying what was wrong with it. Package-private for tests. */
    JsonNode checked(int httpStatus, String body) throws InspectorException {
        if (httpStatus == 401 || httpStatus == 403) {
            // Artemis' console answers 403 to a wrong password as well as to a user without an allowed role.
            throw new InspectorException("Jolokia at " + endpoint + " refused "
                    + (endpoint.hasCredentials() ? "the credentials of user '" + endpoint.user() + "'" : "a request without credentials")
                    + " (HTTP " + httpStatus + "): give a user, its password and a role the console allows in the management URL,"
                    + " e.g. http://user:password@host:8161/console/jolokia");
        }
        if (httpStatus == 404) {
            throw new InspectorException("no Jolokia at " + endpoint + " (HTTP 404): check the path (Artemis serves it at"
                    + " /console/jolokia)");
        }
        if (httpStatus != 200) {
            throw new InspectorException("Jolokia at " + endpoint + " answered HTTP " + httpStatus + shown(body));
        }
        JsonNode json;
        try {
            json = JSON.readTree(body);
        } catch (JsonProcessingException e) {
            throw new InspectorException(endpoint + " answered with something that is not JSON, so it is not a Jolokia agent"
                    + shown(body));
        }
        if (json != null && json.isObject() && json.has("status") && json.path("status").asInt() != 200) {
            int status = json.path("status").asInt();
            String error = json.path("error").asText("");
            throw new InspectorException("Jolokia at " + endpoint + " refused the request with status " + status + ": " + error
                    + (status == 403 ? " (Artemis' Jolokia refuses an Origin it does not allow: this request sent Origin "
                    + endpoint.origin() + "; set origin= in the management URL to one its jolokia-access.xml allows)" : ""));
        }
        if (json == null || !json.isArray()) {
            throw new InspectorException("Jolokia at " + endpoint + " answered a bulk request with something other than a list"
                    + shown(body));
        }
        return json;
    }

    private static String shown(String body) {
        if (body == null || body.isBlank()) {
            return "";
        }
        String flat = body.replaceAll("\\s+", " ").trim();
        return ": " + (flat.length() > SHOWN_BODY_CHARS ? flat.substring(0, SHOWN_BODY_CHARS) + "..." : flat);
    }

    private static String describe(IOException e) {
        String message = e.getMessage();
        return message == null || message.isBlank() ? e.getClass().getSimpleName() : message;
    }
}
