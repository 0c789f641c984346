/* A driver for the libFuzzer targets without libFuzzer (tests/fuzz/meson.build): runs each input
 * once, each argument being a file or a folder of input files, so any compiler can replay them. */
#include <dirent.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

static int replay_file(const char *path)
{
    FILE *f = fopen(path, "rb");
    if (!f) {
        perror(path);
        return 0;
    }
    size_t cap = 4096, n = 0;
    uint8_t *buf = malloc(cap);
    for (size_t got; buf && (got = fread(buf + n, 1, cap - n, f)) > 0;) {
        n += got;
        if (n == cap) {
            uint8_t *more = realloc(buf, cap *= 2);
            if (!more)
                free(buf);
            buf = more;
        }
    }
    int ok = buf && !ferror(f);
    fclose(f);
    if (!ok) {
        fprintf(stderr, "%s: cannot read\n", path);
        free(buf);
        return 0;
    }
    /* an exact-size copy, as libFuzzer passes it, so a read past the end is an overflow */
    uint8_t *exact = malloc(n ? n : 1);
    if (!exact) {
        free(buf);
        return 0;
    }
    memcpy(exact, buf, n);
    free(buf);
    LLVMFuzzerTestOneInput(exact, n);
    free(exact);
    return 1;
}

int main(int argc, char **argv)
{
    unsigned long runs = 0;
    for (int a = 1; a < argc; a++) {
        struct stat st;
        if (stat(argv[a], &st) != 0) {
            perror(argv[a]);
            return 1;
        }
        if (!S_ISDIR(st.st_mode)) {
            if (!replay_file(argv[a]))
                return 1;
            runs++;
            continue;
        }
        DIR *dir = opendir(argv[a]);
        if (!dir) {
            perror(argv[a]);
            return 1;
        }
        for (struct dirent *e; (e = readdir(dir));) {
            char path[4096];
            snprintf(path, sizeof path, "%s/%s", argv[a], e->d_name);
            if (stat(path, &st) != 0 || !S_ISREG(st.st_mode))
                continue; /* ".", "..", subfolders */
            if (!replay_file(path))
                return 1;
            runs++;
        }
        closedir(dir);
    }
    printf("replayed %lu inputs\n", runs);
    return 0;
}
