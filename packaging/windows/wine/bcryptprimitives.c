/* A stand-in for Windows' bcryptprimitives.dll, for Wine releases that lack it (Wine 8;
 * Windows has had it since Windows 8). Rust's standard library asks it for random bytes
 * (ProcessPrng); this one takes them from RtlGenRandom, which every Wine has. Used only by
 * packaging/test-windows.sh inside its own Wine prefix: never installed on Windows, never
 * shipped. */
#include <windows.h>

BOOLEAN WINAPI SystemFunction036(PVOID buffer, ULONG length);

BOOL WINAPI ProcessPrng(PBYTE data, SIZE_T length)
{
    while (length > 0) {
        ULONG chunk = length > 0x40000000 ? 0x40000000 : (ULONG)length;
        if (!SystemFunction036(data, chunk))
            return FALSE;
        data += chunk;
        length -= chunk;
    }
    return TRUE;
}
