// Element-wise ops vs float64 transcriptions of their spec formulas; the
// conv ring vs a direct causal convolution; AttnRes with aliasing.
#include "support/testregistry.h"
#include "kernels/elementwise.h"

#include <QTest>
#include <algorithm>
#include <cmath>
#include <functional>
#include <random>
#include <vector>

using namespace sluice::kernels;

namespace {

std::vector<float> values(size_t n, float spread, uint32_t seed)
{
    std::mt19937 rng(seed);
    std::normal_distribution<float> normal(0.0f, spread);
    std::vector<float> v(n);
    for (auto &x : v)
        x = normal(rng);
    v[0] = 0.0f;
    if (n > 3) {
        v[1] = 25.0f; // above the softplus threshold and the SiTU clip
        v[2] = -40.0f;
        v[3] = 20.0f; // softplus threshold itself: not taken (z > 20 only)
    }
    return v;
}

double sigmoid64(double z) { return 1.0 / (1.0 + std::exp(-z)); }

} // namespace

using Unary = std::function<void(const float *, const float *, size_t, float *)>;
using Exact = std::function<double(double, double)>;
Q_DECLARE_METATYPE(Unary)
Q_DECLARE_METATYPE(Exact)

class TestElementwise : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void pointwiseOps_data()
    {
        QTest::addColumn<Unary>("op");
        QTest::addColumn<Exact>("exact");
        QTest::newRow("sigmoid") << Unary([](const float *x, const float *, size_t n, float *o) { sigmoid(x, n, o); })
                                 << Exact([](double x, double) { return sigmoid64(x); });
        QTest::newRow("silu") << Unary([](const float *x, const float *, size_t n, float *o) { silu(x, n, o); })
                              << Exact([](double x, double) { return x * sigmoid64(x); });
        QTest::newRow("softplus") << Unary([](const float *x, const float *, size_t n, float *o) { softplus(x, n, o); })
                                  << Exact([](double x, double) { return x > 20 ? x : std::log1p(std::exp(x)); });
        QTest::newRow("siluGlu") << Unary([](const float *g, const float *u, size_t n, float *o) { siluGlu(g, u, n, o); })
                                 << Exact([](double g, double u) { return g * sigmoid64(g) * u; });
        QTest::newRow("situGlu 4/25")
            << Unary([](const float *g, const float *u, size_t n, float *o) { situGlu(g, u, 4.0f, 25.0f, n, o); })
            << Exact([](double g, double u) { return 4 * std::tanh(g / 4) * sigmoid64(g) * 25 * std::tanh(u / 25); });
        QTest::newRow("situGlu no linear beta")
            << Unary([](const float *g, const float *u, size_t n, float *o) { situGlu(g, u, 4.0f, 0.0f, n, o); })
            << Exact([](double g, double u) { return 4 * std::tanh(g / 4) * sigmoid64(g) * u; });
        QTest::newRow("mulSigmoid")
            << Unary([](const float *x, const float *g, size_t n, float *o) { mulSigmoid(x, g, n, o); })
            << Exact([](double x, double g) { return x * sigmoid64(g); });
        QTest::newRow("geluTanh") << Unary([](const float *x, const float *, size_t n, float *o) { geluTanh(x, n, o); })
                                  << Exact([](double x, double) {
                                         return 0.5 * x * (1 + std::tanh(std::sqrt(2 / M_PI) * (x + 0.044715 * x * x * x)));
                                     });
        QTest::newRow("geluErf") << Unary([](const float *x, const float *, size_t n, float *o) { geluErf(x, n, o); })
                                 << Exact([](double x, double) { return 0.5 * x * (1 + std::erf(x / std::sqrt(2.0))); });
    }
    void pointwiseOps()
    {
        QFETCH(Unary, op);
        QFETCH(Exact, exact);
        const size_t n = 1000;
        const auto a = values(n, 6.0f, 1), b = values(n, 30.0f, 2);
        std::vector<float> out(n);
        op(a.data(), b.data(), n, out.data());
        for (size_t i = 0; i < n; ++i) {
            const double e = exact(a[i], b[i]);
            QVERIFY2(std::fabs(out[i] - e) <= 2e-6 * std::fabs(e) + 1e-7,
                     qPrintable(QString("i=%1 x=%2: %3 vs %4").arg(i).arg(a[i]).arg(out[i]).arg(e)));
        }
        // In place gives the same bits.
        std::vector<float> inPlace = a;
        op(inPlace.data(), b.data(), n, inPlace.data());
        QCOMPARE(inPlace, out);
    }

    void rmsNormAndSoftmax()
    {
        const size_t n = 7168;
        const auto x = values(n, 3.0f, 3), w = values(n, 1.0f, 4);
        std::vector<float> out(n);
        rmsNorm(x.data(), w.data(), 1e-5f, n, out.data());
        double ss = 0;
        for (float v : x)
            ss += double(v) * v;
        const double inv = 1 / std::sqrt(ss / n + 1e-5);
        for (size_t i = 0; i < n; ++i)
            QVERIFY(std::fabs(out[i] - x[i] * inv * w[i]) <= 1e-6 * std::fabs(x[i] * inv * w[i]) + 1e-12);

        const auto s = values(300, 10.0f, 5);
        std::vector<float> p(300);
        softmax(s.data(), 300, p.data(), 0.5f);
        double m = -1e300, z = 0;
        for (float v : s)
            m = std::max(m, 0.5 * v);
        for (float v : s)
            z += std::exp(0.5 * v - m);
        double total = 0;
        for (size_t i = 0; i < 300; ++i) {
            const double e = std::exp(0.5 * s[i] - m) / z;
            QVERIFY(std::fabs(p[i] - e) <= 1e-6 * e + 1e-12);
            total += p[i];
        }
        QVERIFY(std::fabs(total - 1) < 1e-5);
    }

    void convRingMatchesDirectConvolution()
    {
        const size_t C = 5, T = 9;
        const auto w = values(4 * C, 1.0f, 6), u = values(T * C, 1.0f, 7);
        std::vector<float> ring(3 * C, 0.0f), y(C), yRaw(C), ringRaw(3 * C, 0.0f);
        for (size_t t = 0; t < T; ++t) {
            causalConv4Step(&u[t * C], w.data(), ring.data(), C, y.data(), true);
            causalConv4Step(&u[t * C], w.data(), ringRaw.data(), C, yRaw.data(), false);
            for (size_t c = 0; c < C; ++c) {
                double s = 0;
                for (int j = 0; j < 4; ++j) { // y_t = sum_j w[c][j] u_{t-3+j}, zeros before the start
                    const long tt = long(t) - 3 + j;
                    if (tt >= 0)
                        s += double(w[4 * c + j]) * u[size_t(tt) * C + c];
                }
                QVERIFY(std::fabs(yRaw[c] - s) <= 1e-6 * (1 + std::fabs(s)));
                QVERIFY(std::fabs(y[c] - s * sigmoid64(s)) <= 1e-6 * (1 + std::fabs(s)));
            }
        }
        QCOMPARE(ring[3 * 2 + 2], u[(T - 1) * C + 2]); // newest value last
        QCOMPARE(ring[3 * 2 + 0], u[(T - 3) * C + 2]);
    }

    void attnResMixMatchesSpec_data()
    {
        QTest::addColumn<int>("blockCount");
        QTest::newRow("only the partial sum") << 0;
        QTest::newRow("4 blocks") << 4;
        QTest::newRow("40 blocks") << 40;
    }
    void attnResMixMatchesSpec()
    {
        QFETCH(int, blockCount);
        const size_t d = 64, nb = size_t(blockCount);
        std::vector<std::vector<float>> blocks;
        std::vector<const float *> bp;
        for (size_t i = 0; i < nb; ++i)
            blocks.push_back(values(d, 1.0f + float(i % 5), 10 + uint32_t(i)));
        for (const auto &b : blocks)
            bp.push_back(b.data());
        const auto p = values(d, 2.0f, 20), r = values(d, 1.0f, 21), q = values(d, 1.0f, 22);
        std::vector<double> score(nb + 1);
        for (size_t i = 0; i <= nb; ++i) {
            const float *v = i < nb ? bp[i] : p.data();
            double ss = 0;
            for (size_t j = 0; j < d; ++j)
                ss += double(v[j]) * v[j];
            const double rms = std::sqrt(ss / d + 1e-5);
            score[i] = 0;
            for (size_t j = 0; j < d; ++j)
                score[i] += v[j] / rms * r[j] * q[j];
        }
        double m = *std::max_element(score.begin(), score.end()), z = 0;
        for (double s : score)
            z += std::exp(s - m);
        std::vector<float> out(d), alias = p, alpha(nb + 1);
        attnResMix(bp.data(), nb, p.data(), r.data(), q.data(), d, 1e-5f, alpha.data(), out.data());
        attnResMix(bp.data(), nb, alias.data(), r.data(), q.data(), d, 1e-5f, alpha.data(), alias.data()); // out == p
        for (size_t j = 0; j < d; ++j) {
            double e = 0, mag = 0;
            for (size_t i = 0; i <= nb; ++i) {
                const double a = std::exp(score[i] - m) / z, v = i < nb ? bp[i][j] : p[j];
                e += a * v;
                mag += std::fabs(a * v);
            }
            QVERIFY(std::fabs(out[j] - e) <= 1e-6 * mag + 1e-12);
        }
        QCOMPARE(alias, out);
    }

    void linearAlgebraHelpers()
    {
        const auto a = values(37, 1.0f, 30), b = values(37, 1.0f, 31);
        double e = 0, mag = 0;
        for (size_t i = 0; i < 37; ++i) {
            e += double(a[i]) * b[i];
            mag += std::fabs(double(a[i]) * b[i]);
        }
        QVERIFY(std::fabs(dot(a.data(), b.data(), 37) - e) <= 1e-6 * mag);
        std::vector<float> y = b;
        axpy(2.0f, a.data(), 37, y.data());
        QCOMPARE(y[5], b[5] + 2.0f * a[5]);
        scale(0.5f, 37, y.data());
        QCOMPARE(y[5], (b[5] + 2.0f * a[5]) * 0.5f);
        add(a.data(), b.data(), 37, y.data());
        QCOMPARE(y[36], a[36] + b[36]);
    }
};

SLUICE_TEST_APPLESS_MAIN(TestElementwise)
#include "tst_elementwise.moc"
