/*
 * A Kafka-protocol test broker: librdkafka's mock cluster on 127.0.0.1.
 *
 *   mock-kafka-broker [-b brokers] [-p partitions] topic...
 *
 * Creates the topics up front (the mock cluster has no controller for CreateTopics), prints the
 * bootstrap servers on one line, then runs until stdin closes or SIGTERM/SIGINT arrives.
 *
 * Lines on stdin change the cluster while it runs:
 *   apiversion <ApiKey> <MinVersion> <MaxVersion>   the versions it lists and accepts (-1 -1: none)
 *   sync                                            answers "synced" once the lines before it applied
 * A line it cannot apply is answered with "error <line>".
 */
#define _GNU_SOURCE
#include <errno.h>
#include <librdkafka/rdkafka.h>
#include <librdkafka/rdkafka_mock.h>
#include <poll.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

static volatile sig_atomic_t stopping = 0;

static void on_signal(int sig) {
        (void)sig;
        stopping = 1;
}

static int positive(const char *value, const char *what) {
        int number = atoi(value);
        if (number < 1) {
                fprintf(stderr, "mock-kafka-broker: %s must be a positive number, got '%s'\n", what, value);
                exit(2);
        }
        return number;
}

static void apply_command(rd_kafka_mock_cluster_t *cluster, const char *line) {
        short api_key, min_version, max_version;
        if (strcmp(line, "sync") == 0)
                printf("synced\n");
        else if (sscanf(line, "apiversion %hd %hd %hd", &api_key, &min_version, &max_version) != 3 ||
                 rd_kafka_mock_set_apiversion(cluster, api_key, min_version, max_version) != RD_KAFKA_RESP_ERR_NO_ERROR)
                printf("error %s\n", line);
        fflush(stdout);
}

/* Waits with the termination signals unblocked only inside ppoll, so they cannot be missed. */
static void run_commands_until_stdin_closes_or_signal(rd_kafka_mock_cluster_t *cluster, const sigset_t *waiting_mask) {
        char line[256];
        size_t length = 0;
        struct pollfd input = {.fd = STDIN_FILENO, .events = POLLIN};
        while (!stopping) {
                int ready = ppoll(&input, 1, NULL, waiting_mask);
                if (ready < 0) {
                        if (errno == EINTR) continue;
                        perror("mock-kafka-broker: ppoll");
                        return;
                }
                if (!(input.revents & (POLLIN | POLLHUP | POLLERR))) continue;
                char chunk[256];
                ssize_t n = read(STDIN_FILENO, chunk, sizeof(chunk));
                if (n <= 0) return;
                for (ssize_t i = 0; i < n; i++) {
                        if (chunk[i] != '\n') {
                                if (length < sizeof(line) - 1) line[length++] = chunk[i];
                                continue;
                        }
                        line[length] = '\0';
                        length = 0;
                        apply_command(cluster, line);
                }
        }
}

int main(int argc, char **argv) {
        int brokers = 1, partitions = 3, option;
        while ((option = getopt(argc, argv, "b:p:")) != -1) {
                if (option == 'b') brokers = positive(optarg, "-b brokers");
                else if (option == 'p') partitions = positive(optarg, "-p partitions");
                else {
                        fprintf(stderr, "usage: %s [-b brokers] [-p partitions] topic...\n", argv[0]);
                        return 2;
                }
        }

        /* Blocked before librdkafka starts its threads, so they inherit the mask and only ppoll sees the signals. */
        sigset_t termination, waiting_mask;
        sigemptyset(&termination);
        sigaddset(&termination, SIGTERM);
        sigaddset(&termination, SIGINT);
        pthread_sigmask(SIG_BLOCK, &termination, &waiting_mask);
        struct sigaction action = {.sa_handler = on_signal};
        sigemptyset(&action.sa_mask);
        sigaction(SIGTERM, &action, NULL);
        sigaction(SIGINT, &action, NULL);
        signal(SIGPIPE, SIG_IGN);

        char errstr[512];
        rd_kafka_conf_t *conf = rd_kafka_conf_new();
        if (rd_kafka_conf_set(conf, "log_level", "3", errstr, sizeof(errstr)) != RD_KAFKA_CONF_OK) {
                fprintf(stderr, "mock-kafka-broker: %s\n", errstr);
                return 1;
        }
        rd_kafka_t *handle = rd_kafka_new(RD_KAFKA_PRODUCER, conf, errstr, sizeof(errstr));
        if (!handle) {
                fprintf(stderr, "mock-kafka-broker: rd_kafka_new failed: %s\n", errstr);
                return 1;
        }

        rd_kafka_mock_cluster_t *cluster = rd_kafka_mock_cluster_new(handle, brokers);
        if (!cluster) {
                fprintf(stderr, "mock-kafka-broker: could not start the mock cluster\n");
                rd_kafka_destroy(handle);
                return 1;
        }

        for (int i = optind; i < argc; i++) {
                rd_kafka_resp_err_t err = rd_kafka_mock_topic_create(cluster, argv[i], partitions, 1);
                if (err) {
                        fprintf(stderr, "mock-kafka-broker: cannot create topic %s: %s\n", argv[i], rd_kafka_err2str(err));
                        rd_kafka_mock_cluster_destroy(cluster);
                        rd_kafka_destroy(handle);
                        return 1;
                }
        }

        printf("%s\n", rd_kafka_mock_cluster_bootstraps(cluster));
        fflush(stdout);

        run_commands_until_stdin_closes_or_signal(cluster, &waiting_mask);

        rd_kafka_mock_cluster_destroy(cluster);
        rd_kafka_destroy(handle);
        return 0;
}
