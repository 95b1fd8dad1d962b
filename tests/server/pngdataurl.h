#pragma once
// A small PNG as a data URL for the server tests' image requests.
#include <QString>

namespace sluice::test {

// A 32x24 RGB PNG (gradient), made once with zlib; no QtGui needed (builds without the GUI have none).
inline QString pngDataUrl()
{
    return QStringLiteral(
        "data:image/png;base64,"
        "iVBORw0KGgoAAAANSUhEUgAAACAAAAAYCAIAAAAUMWhjAAAH3ElEQVR42hWV/8vd1AHGj7PWGOvbtKY1as1ifaln9a1ksdSoYY21"
        "huA3jvLqYnQz0ygpvAvBr0dx5RKqvbhAM9zCtYocS4UYYQsuSqYYgko5w6LXsB/uWISIEi/CJLiBF6lz9h94fnh4ns8HAAAYADgA"
        "BAAkACAAMgAqADoAJgAIAAsABwAPgAAADMAIgDEAMQATAAgAKQA5ACUANQAUgCkAMwA6AOYADAAsfkwHLGDYMzj2JwJ7psSug+xZ"
        "MrteZc/WWcZkz0Esa7HnOuwGjz0vYJcwu3HEcmN2U8xunrDnE5ZP2S05u7VkL6hZgbIXTtmLZuzFHbttzl4ysOKC/SkAPGD4n3D8"
        "OoFfL/EM5FmZ36DySzrPmfxmxPMWv9XhBY+/KOC3YV4c8dKY3x7zyxN+B+Fhyu/M+ZWSv7LmZcorU373jN/T8eqcv3bgtQX/CwBE"
        "wIhncuJ6QTxHEjdAcaMsblbFLboomOLFSBQt8VJHXPbEywNxJxZ3jUR5LF4Vi3sm4jVE1FJxby7uK8Uba9Gk4s1T8baZeHsnrs7F"
        "Xw6ivRB/dbp1Bq7jICPADRLkIORlKKhwmw4lEy4jCC244kDZg7sDqGKojaA+hvtjaE7gLQSiFK7m0CrhvTV0KHSn0JvBtQ4Gc/jo"
        "APECPg2AAhjlLE5hBWWjpPBQuVBWRFW5TFegqexCimIpVzuK5inXB4qBlZtHChord8aKPVHuI4qbKgdyxS+VR2oFU+V3UyWcKYc7"
        "JZorfxiUZKG8CIAGGG09p20QtM2SJkBNlLVlVdupa7Kp7UGaZmn7HM30tNsCbRVr9khzxtpDsbY20R4mGk61g7l2qNSeq7WYaslU"
        "e2mmHeu0dK79edCKhfY2AAZgjLM5Y0kwtkjGNmhcJhs7VePnuqGaxl5kGJZxq2OsesY9gXE/Ng6MjGBsPBEbByfGM8SIUuP53Dha"
        "Gq/URkqNv0yNt2bGu53xwdz4cDCahfHP01NnEMMhTkCChCSIoIxkFak60k1kIoQsZDnI8ZAXoAAjPEKjMRrHKJ6gCUEkRWmO8hKV"
        "NaopolM0naFZh7o5mg9oWKAfn2ADxj6HszcL9sWSvQztXbK9R7X36rZp2rcj27bsBxx7zbMfC+yD2D48suOx/UJsH5vYrxO7SO13"
        "c/tEaX9c2zNqfza1v5rZ/+nsU3P7rMFeWtgXAOACxmU5lxdcUXIhdBXZ1VTX0F1kujZyXcv1HRd7bhi4EXaTkUvGbha7xcStiEtT"
        "t8ndtnT72h2o+93UXTdzlzpXmLvbB3dl4e4BwAeMfy7nbxX8SyV/BfpXy/4+1b9V9y3TfwD5vuU/6fiHPP9I4B/F/qsjPx/778T+"
        "iYn/CfHb1P8y978p/e9rn6H++VNfnPk/6/zdc3/v4N+08O88zRcGb+CwIOBlCcsQazI2VbyqY8fEawhjCx9ycOzhlwKcYlyMcD3G"
        "J2M8m+AvCB5SfCrHTIn5GksUr0yxOsP7O4zm+N4Bewv8KAAhYMLzuPAiIbxcCnfD8Ho5vE0N79FDzwwfQ2FohUec8CUvfC0I38Lh"
        "+6NwOg4/jcOvJuG3JFyXhpvyUCzDK+pQpeGN0/COWXhfF67NwyeH8NlF+DwAEWCiJS7aJkQ7pUiFkSFHq2p0vx4FZnQQRZEVHXWi"
        "1IveCqIPcNSMom4cfR1HpyYRSyIhjXbk0e4y2ldHiEa/nkZrs+ipLhrPo2SIji+iNwBIAJNs5BJRSHZJiQaTm+XEVpMDeoLN5DBK"
        "Eit51UkKL3k/SBqcfDZKhnHyQ5wsTZJLSLKSJtflyU1lcnedeDR5Ypo8O0v+1CXH58lfh+S9RfLJaagzhOOIJBBZIjokSCaOSgKd"
        "jEwSI0Iskjuk9sg0IB0mw4iAMeFiIk2ITIieEpQTpyRBTUaUxFNCZiTvSD0n04F0C/KjFDLAZJu4bLuQXSVl+2F2p5w9pGZP6NnY"
        "zF5AWWZl7zjZSS/7NMi+xtkPo4wbZ5fGmTLJbiDZapo9mGePl9nhOpvQ7LVp9vYs+7DL2nn27yH73yLbCEABmGIzVywLxR6pMGFh"
        "y8WaWhzUi9gsjqGisIoTTjHziq+C4hQulkaFNC6UuNg/Ke4ihZcWT+VFVBYv10VOi/emxT9mRd8Vi3nBDsW2RXElABVgqvO5aodQ"
        "XSNVt8DqPrl6WK2e0auJWb2OqsqqPnGqL7zq26BicXXJqJLH1Q1xddekOkCqp9PqSF4dK6s364rS6l/T6utZdUZX8fPq8qG6dlHd"
        "etqkDOU5CgWqSRRB6soUqzTSKTFpgSi1aOvQwaPrAipgujKi+piuxtSb0KcJjVN6PKdlSU/WtKP0v1PKzOi2jspzun+g1oKuAdAA"
        "ptnCNTuFZq/UrMLmgNwcVJvn9SY1m3dR01jNl05zyms2Bc0O3Fw3atC4eTBunpo0R0hzPG3+ljcflc3ndbOgzXnTZvusubprbpk3"
        "vxmaxxfN7wFoAdNu5doVod0ntRZsfbk9pLZH9TY32xOoba32G6dlvFYM2t24vWnUOuP28biNJu0x0pZp+1HeflG239UtR9sd01ab"
        "tXd0rTdvDw7tHxdtBkAPmP4Crr9S6G+U+nth/4jcP6f2r+h9afYfo763+u+dnvf6K4J+H+7vHvXBuD8c9y9P+jdJfzLtP8/778p+"
        "U91D2u+d9nfN+t92/aF5/+LQv7Ho//5/VF3p7lkthFQAAAAASUVORK5CYII=");
}

} // namespace sluice::test
