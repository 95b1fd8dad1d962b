// api/runtime.h over kernels/cpufeatures (in the kernels module so every
// binary that links kernels, sluice-bench included, has it).
#include "api/runtime.h"

#include "kernels/cpufeatures.h"

namespace sluice {

std::string setKernelLevel(const std::string &name)
{
    using kernels::Isa;
    Isa wanted;
    if (name == "scalar" || name == "reference")
        wanted = Isa::Scalar;
    else if (name == "avx2")
        wanted = Isa::Avx2;
    else if (name == "avx512")
        wanted = Isa::Avx512;
    else if (name == "neon")
        wanted = Isa::Neon;
    else
        return {};
    return kernels::isaName(kernels::setActiveIsa(wanted));
}

std::string kernelLevel()
{
    return kernels::isaName(kernels::activeIsa());
}

std::string detectedKernelLevel()
{
    return kernels::isaName(kernels::detectedIsa());
}

} // namespace sluice
